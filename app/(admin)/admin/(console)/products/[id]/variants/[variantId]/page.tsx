import { notFound } from "next/navigation";
import { VariantStockDetails } from "@/components/admin/products/stock/VariantStockDetails";
import { backOfficeSections } from "@/lib/admin/sections";
import { getDb } from "@/lib/server/database";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";
import { requireRole } from "@/lib/server/session";
import { stockHistory } from "@/lib/stock/movements";
import { variantStock, variantStockPath } from "@/lib/stock/variants";

export const generateMetadata = backOfficeMetadata("Variant stock");

type Props = { params: Promise<{ id: string; variantId: string }> };

/** A variant's stock and its history; unknown ids, or a variant of another product, are 'Not Found'. */
export default async function VariantStockPage({ params }: Props) {
  const { id, variantId } = await params;
  await requireRole(backOfficeSections.products, variantStockPath(id, variantId));
  const db = await getDb();
  const found = await variantStock(db, id, variantId);
  if (!found) notFound();
  return <VariantStockDetails {...found} movements={await stockHistory(db, found.variant.id)} />;
}
