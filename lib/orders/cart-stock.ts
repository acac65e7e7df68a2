import "server-only";
import { and, asc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { CacheTag } from "@/lib/cache/changes";
import { cartLineColumns } from "@/lib/cart/lines";
import { variantLabel } from "@/lib/core/variant-label";
import { isOnSale, isPublished } from "@/lib/catalog/queries";
import type { Database } from "@/lib/db";
import { cartLines, products, variants } from "@/lib/db/schema";
import { staleAfterStockChange } from "@/lib/stock/cache-changes";
import { recordStockMovements } from "@/lib/stock/movements";

// A checkout's cart lines against the stock and prices they are bought at (lib/orders/place-order.ts).

/** A cart line there is not enough stock for: how many were wanted and how many are left. */
export type ShortLine = { variantId: number; productName: string; variantLabel: string; requested: number; available: number };

export type CartLine = Awaited<ReturnType<typeof readCartLines>>[number];

/** Why lines cannot be bought: none left in the cart, some short of stock, or a price changed. */
export type LinesRefusal =
  { reason: "empty_cart" } | { reason: "out_of_stock"; shortLines: ShortLine[] } | { reason: "price_changed" };

/** The cart's lines with their variants' price, stock and whether they are on sale, in variant id order. */
export function readCartLines(tx: Database, cartId: number) {
  return tx
    .select({ ...cartLineColumns, onSale: sql<boolean>`${isOnSale}` })
    .from(cartLines)
    .innerJoin(variants, eq(variants.id, cartLines.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(variants.id));
}

/** The lines with their variants' price, stock and whether they are on sale as committed now (a variant gone is sold out). */
export async function linesNow(tx: Database, lines: CartLine[]): Promise<CartLine[]> {
  const now = await tx
    .select({ variantId: variants.id, unitPrice: variants.price, stock: variants.stock, onSale: sql<boolean>`${isOnSale}` })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(
      inArray(
        variants.id,
        lines.map((line) => line.variantId),
      ),
    );
  const byId = new Map(now.map((variant) => [variant.variantId, variant]));
  return lines.map((line) => ({ ...line, ...(byId.get(line.variantId) ?? { stock: 0 }) }));
}

/** Why these lines cannot be bought (empty, short of stock, or priced otherwise than the checkout showed), else null. */
export function refuseLines(lines: CartLine[], expectedSubtotal: number | null): LinesRefusal | null {
  if (lines.length === 0) return { reason: "empty_cart" };
  // A line whose product left the shop (unpublished, or its variant archived) is short of everything.
  const available = (line: CartLine) => (line.onSale ? line.stock : 0);
  const shortLines = lines
    .filter((line) => line.quantity > available(line))
    .map((line) => ({
      variantId: line.variantId,
      productName: line.name,
      variantLabel: variantLabel(line),
      requested: line.quantity,
      available: available(line),
    }));
  if (shortLines.length > 0) return { reason: "out_of_stock", shortLines };
  if (expectedSubtotal !== null && expectedSubtotal !== subtotalOf(lines)) return { reason: "price_changed" };
  return null;
}

export const subtotalOf = (lines: CartLine[]) => lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);

/**
 * Takes each line's units from its variant, if it still has them at the price the order records
 * and is still on sale: one conditional update per line, in variant id order so that two checkouts
 * never wait on each other in a cycle. The level each variant is left at, or null when a line could
 * not be taken (the caller rolls back).
 */
async function takeStock(tx: Database, lines: CartLine[]): Promise<Map<number, number> | null> {
  const levels = new Map<number, number>();
  for (const line of lines) {
    const [updated] = await tx
      .update(variants)
      .set({ stock: sql`${variants.stock} - ${line.quantity}` })
      .where(
        and(
          eq(variants.id, line.variantId),
          gte(variants.stock, line.quantity),
          eq(variants.price, line.unitPrice),
          isNull(variants.archivedAt),
          inArray(variants.productId, tx.select({ id: products.id }).from(products).where(isPublished)),
        ),
      )
      .returning({ stock: variants.stock });
    if (!updated) return null;
    levels.set(line.variantId, updated.stock);
  }
  return levels;
}

/**
 * Sells the lines: takes their stock (takeStock), writes each change in the stock history and
 * answers what the sale made stale; null when a line could not be taken (the caller rolls back).
 */
export async function sellLines(
  tx: Database,
  lines: CartLine[],
  by: { actor: Actor; orderId: number },
): Promise<CacheTag[] | null> {
  const levels = await takeStock(tx, lines);
  if (!levels) return null;
  await recordStockMovements(
    tx,
    lines.map((line) => ({
      variantId: line.variantId,
      reason: "order",
      change: -line.quantity,
      level: levels.get(line.variantId)!,
      ...by,
    })),
  );
  return staleAfterStockChange(
    tx,
    lines.map((line) => ({ variantId: line.variantId, productId: line.productId, slug: line.slug, change: -line.quantity })),
  );
}
