import { Card } from "@/components/admin/Card";
import { PromotionForm } from "@/components/admin/promotions/PromotionForm";
import { PromotionPreview } from "@/components/admin/promotions/PromotionPreview";
import { SlideUploadForm } from "@/components/admin/promotions/SlideUploadForm";
import { backOfficeSections } from "@/lib/admin/sections";
import { getDb } from "@/lib/server/database";
import { defaultPromotion } from "@/lib/marketing/promotion-rules";
import { promotionChoices, findPromotion } from "@/lib/marketing/promotions";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";
import { requireRole } from "@/lib/server/session";
import { slideUploadMessages, type SlideUploadCode } from "@/lib/server/slide-upload";

export const generateMetadata = backOfficeMetadata(backOfficeSections.promotions.label);

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function PromotionsPage({ searchParams }: Props) {
  await requireRole(backOfficeSections.promotions);
  const code = (await searchParams).upload;
  const outcome =
    typeof code === "string" && Object.hasOwn(slideUploadMessages, code)
      ? { ok: code === "added", message: slideUploadMessages[code as SlideUploadCode] }
      : null;
  const db = await getDb();
  const [draft, published] = await Promise.all([findPromotion(db, "draft"), findPromotion(db, "published")]);
  const choices = await promotionChoices(db, draft);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Promotions</h1>
      <Card id="editor" title="Promo banner and carousel (draft)">
        <PromotionForm draft={draft ?? published ?? defaultPromotion} {...choices} />
      </Card>
      <Card id="upload" title="Upload an image as a new slide">
        <SlideUploadForm links={choices.links} outcome={outcome} />
      </Card>
      <Card id="preview" title="Preview of the draft">
        {draft ? <PromotionPreview /> : <p className="text-stone-700">Save a draft to preview it.</p>}
      </Card>
    </div>
  );
}
