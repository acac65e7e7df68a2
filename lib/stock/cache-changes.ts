import "server-only";
import { and, inArray, isNull } from "drizzle-orm";
import { cacheTags, productTag, type CacheTag } from "@/lib/cache/changes";
import { stockState } from "@/lib/stock/labels";
import type { Database } from "@/lib/db";
import { variants } from "@/lib/db/schema";

/** A variant's stock moved by `change` units (negative for an order) in the caller's transaction. */
export type StockChange = { variantId: number; productId: number; slug: string; change: number };

/**
 * What a stock change makes stale, read in its transaction after the change: a product's page only
 * when one of its variants' labels changes ('In stock', 'Only 3 left', 'Sold out'), and every
 * listing only when a product's card changes state. A plentiful variant's level is shown nowhere,
 * so a steady stream of orders re-renders nothing until stock runs low.
 */
export async function staleAfterStockChange(tx: Database, changes: StockChange[]): Promise<CacheTag[]> {
  const changeOf = new Map<number, number>();
  for (const { variantId, change } of changes) changeOf.set(variantId, (changeOf.get(variantId) ?? 0) + change);
  const slugOf = new Map(changes.map(({ productId, slug }) => [productId, slug]));
  const levels = await tx
    .select({ id: variants.id, productId: variants.productId, stock: variants.stock })
    .from(variants)
    .where(and(inArray(variants.productId, [...slugOf.keys()]), isNull(variants.archivedAt)));

  const totals = new Map<number, { before: number; after: number }>();
  const pages = new Set<CacheTag>();
  for (const { id, productId, stock } of levels) {
    const before = stock - (changeOf.get(id) ?? 0);
    const total = totals.get(productId) ?? { before: 0, after: 0 };
    totals.set(productId, { before: total.before + before, after: total.after + stock });
    if (stockState(before).label !== stockState(stock).label) pages.add(productTag(slugOf.get(productId)!));
  }
  const cardChanged = [...totals.values()].some(({ before, after }) => stockState(before).kind !== stockState(after).kind);
  return cardChanged ? [cacheTags.catalog, ...pages] : [...pages];
}
