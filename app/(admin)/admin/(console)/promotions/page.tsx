import { Card } from "@/components/admin/Card";
import { PromotionForm } from "@/components/admin/promotions/PromotionForm";
import { PromotionPreview } from "@/components/admin/promotions/PromotionPreview";
import { backOfficeSections } from "@/lib/admin/sections";
import { getDb } from "@/lib/db";
import { defaultPromotion } from "@/lib/marketing/promotion";
import { promotionChoices, readPromotion } from "@/lib/marketing/promotions";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";
import { requireRole } from "@/lib/server/session";

export const generateMetadata = backOfficeMetadata(backOfficeSections.promotions.label);

export default async function PromotionsPage() {
  await requireRole(backOfficeSections.promotions);
  const db = await getDb();
  const [draft, published, choices] = await Promise.all([
    readPromotion(db, "draft"),
    readPromotion(db, "published"),
    promotionChoices(db),
  ]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Promotions</h1>
      <Card id="editor" title="Promo banner and carousel (draft)">
        <PromotionForm draft={draft ?? published ?? defaultPromotion} {...choices} />
      </Card>
      <Card id="preview" title="Preview of the draft">
        {draft ? <PromotionPreview /> : <p className="text-stone-700">Save a draft to preview it.</p>}
      </Card>
    </div>
  );
}
