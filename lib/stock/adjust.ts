import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { announceCacheChange, cacheTags } from "@/lib/cache/changes";
import type { Database } from "@/lib/db";
import { variants } from "@/lib/db/schema";
import { recordStockMovements } from "./movements";
import { MAX_STOCK_LEVEL, parseStockAdjustment, stockMessages, type AdjustmentErrors } from "./rules";

export type AdjustStockResult =
  | { ok: true; variantId: number; level: number; message: string }
  | { ok: false; reason: "invalid"; errors: AdjustmentErrors }
  | { ok: false; reason: "unknown_variant"; error: string }
  /** The change would take the stock below zero or above MAX_STOCK_LEVEL: nothing changed. */
  | { ok: false; reason: "out_of_range"; errors: AdjustmentErrors; stock: number };

/**
 * A member of staff's adjustment (restock, damage, count correction), checked here from the
 * form's raw values. One transaction: a single conditional UPDATE, so the level never leaves
 * 0…MAX_STOCK_LEVEL and a racing order or adjustment is added to, never overwritten; then the
 * history row with the level it left, and the catalog's refresh for every instance.
 */
export async function adjustStock(
  db: Database,
  input: { variantId: unknown; change: unknown; reason: unknown; actor: Actor },
): Promise<AdjustStockResult> {
  const parsed = parseStockAdjustment(input);
  if (!parsed.ok) {
    return parsed.unknownVariant
      ? { ok: false, reason: "unknown_variant", error: stockMessages.unknownVariant }
      : { ok: false, reason: "invalid", errors: parsed.errors };
  }
  const { variantId, change, reason } = parsed.adjustment;

  return db.transaction(async (tx): Promise<AdjustStockResult> => {
    const level = sql`${variants.stock} + ${change}`;
    const [updated] = await tx
      .update(variants)
      .set({ stock: level })
      .where(and(eq(variants.id, variantId), sql`${level} between 0 and ${MAX_STOCK_LEVEL}`))
      .returning({ stock: variants.stock });
    if (!updated) {
      const [variant] = await tx.select({ stock: variants.stock }).from(variants).where(eq(variants.id, variantId));
      if (!variant) return { ok: false, reason: "unknown_variant", error: stockMessages.unknownVariant };
      const message = change < 0 ? stockMessages.notEnough(variant.stock, -change) : stockMessages.tooMany(variant.stock);
      return { ok: false, reason: "out_of_range", errors: { change: message }, stock: variant.stock };
    }
    await recordStockMovements(tx, [{ variantId, reason, change, level: updated.stock, actor: input.actor }]);
    await announceCacheChange(tx, cacheTags.catalog);
    return { ok: true, variantId, level: updated.stock, message: stockMessages.done(updated.stock) };
  });
}
