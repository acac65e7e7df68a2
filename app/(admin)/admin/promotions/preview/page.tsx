import { notFound } from "next/navigation";
import { PromoBanner } from "@/components/home/PromoBanner";
import { backOfficeSections } from "@/lib/admin/sections";
import { getDb } from "@/lib/server/database";
import { findPromotion } from "@/lib/marketing/promotions";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";
import { requireRole } from "@/lib/server/session";

export const generateMetadata = backOfficeMetadata("Preview");
export const dynamic = "force-dynamic";

/** The draft promotion in the home page's own components and frame width, for the editor's preview frames. */
export default async function PromotionPreviewPage() {
  await requireRole(backOfficeSections.promotions);
  const draft = await findPromotion(await getDb(), "draft");
  if (!draft) notFound();
  return (
    <main className="mx-auto max-w-6xl bg-white px-4 pt-6">
      <PromoBanner promotion={draft} />
    </main>
  );
}
