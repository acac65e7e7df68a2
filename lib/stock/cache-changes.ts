import { and, inArray, isNull, sql } from "drizzle-orm";
import { cacheTags, productTag, type CacheTag } from "@/lib/cache/changes";
import { stockState } from "@/lib/catalog/stock";
import type { Database } from "@/lib/db";
import { variants } from "@/lib/db/schema";

/** A product's stock moved by `change` units (negative for an order) in the caller's transaction. */
export type StockChange = { productId: number; slug: string; change: number };

/**
 * What a stock change makes stale, read in its transaction after the change: each product's own
 * page (its levels), and every listing only when a product's card changes state (in stock, low,
 * sold out). A steady stream of orders then re-renders the pages of what sold, not the catalog.
 */
export async function staleAfterStockChange(tx: Database, changes: StockChange[]): Promise<CacheTag[]> {
  const changeOf = new Map<number, number>();
  for (const { productId, change } of changes) changeOf.set(productId, (changeOf.get(productId) ?? 0) + change);
  const totals = await tx
    .select({ productId: variants.productId, stock: sql<number>`coalesce(sum(${variants.stock}), 0)::int` })
    .from(variants)
    .where(and(inArray(variants.productId, [...changeOf.keys()]), isNull(variants.archivedAt)))
    .groupBy(variants.productId);
  const cardChanged = totals.some(
    ({ productId, stock }) => stockState(stock).kind !== stockState(stock - changeOf.get(productId)!).kind,
  );
  const pages = [...new Set(changes.map(({ slug }) => productTag(slug)))];
  return cardChanged ? [cacheTags.catalog, ...pages] : pages;
}
