import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { backOfficeSections } from "@/lib/admin/sections";
import { variantLabel } from "@/lib/core/variant-label";
import { parseId } from "@/lib/core/ids";
import type { Database } from "@/lib/db";
import { backInStockRequests, products, variants } from "@/lib/db/schema";

/** A variant's stock as staff see it. */
/** `waiting`: the people whose 'Tell me when it's back' waits for it, so a restock can be planned. */
export type VariantStock = { id: number; label: string; sku: string; stock: number; archived: boolean; waiting: number };
export type ProductStock = { product: { id: number; name: string }; variants: VariantStock[] };

/** A product's variants with their stock, archived ones last; null for an unknown or malformed id. */
export async function findProductStock(db: Database, productId: unknown): Promise<ProductStock | null> {
  const id = parseId(productId);
  if (id === null) return null;
  const [product] = await db.select({ id: products.id, name: products.name }).from(products).where(eq(products.id, id));
  if (!product) return null;
  const rows = await db
    .select(variantColumns)
    .from(variants)
    .where(eq(variants.productId, id))
    .orderBy(asc(variants.archivedAt), asc(variants.id));
  return { product, variants: rows.map(toVariantStock) };
}

/** One variant of a product with its stock; null unless both ids are well formed and belong together. */
export async function variantStock(
  db: Database,
  productId: unknown,
  variantId: unknown,
): Promise<{ product: { id: number; name: string }; variant: VariantStock } | null> {
  const [pid, vid] = [parseId(productId), parseId(variantId)];
  if (pid === null || vid === null) return null;
  const [row] = await db
    .select({ ...variantColumns, productName: products.name })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(variants.id, vid), eq(variants.productId, pid)));
  return row ? { product: { id: pid, name: row.productName }, variant: toVariantStock(row) } : null;
}

/** The back office's page of one variant: its stock, adjustments and history. */
export const variantStockPath = (productId: number | string, variantId: number | string) =>
  `${backOfficeSections.products.path}/${productId}/variants/${variantId}`;

const variantColumns = {
  id: variants.id,
  sku: variants.sku,
  size: variants.size,
  colour: variants.colour,
  packSize: variants.packSize,
  stock: variants.stock,
  archivedAt: variants.archivedAt,
  // The variant's id spelled with its table: drizzle leaves a one-table query's columns unqualified.
  waiting: sql<number>`(select count(*)::int from ${backInStockRequests} where ${backInStockRequests.variantId} = ${variants}.${sql.identifier(variants.id.name)} and ${backInStockRequests.doneAt} is null)`,
};

function toVariantStock(row: {
  id: number;
  sku: string;
  size: string | null;
  colour: string | null;
  packSize: number | null;
  stock: number;
  archivedAt: Date | null;
  waiting: number;
}): VariantStock {
  return {
    id: row.id,
    label: variantLabel(row) || "One size",
    sku: row.sku,
    stock: row.stock,
    archived: row.archivedAt !== null,
    waiting: row.waiting,
  };
}
