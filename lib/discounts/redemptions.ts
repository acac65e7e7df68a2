import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { discountCodes, discountRedemptions, products } from "@/lib/db/schema";
import {
  checkDiscount,
  discountRefusals,
  normaliseDiscountCode,
  shopperKey,
  type DiscountCheck,
  type DiscountLine,
} from "./rules";

/**
 * A shopper as a once-per-shopper code counts them: their account, or (a guest) the phone that pays
 * by M-Pesa; null while no such phone is known (a guest paying on delivery, or still in the cart).
 */
export type DiscountShopper = { userId: string | null; phone: string | null };

export type DiscountQuote = DiscountCheck & { code: string };

/** A cart's or an order's line as priced: the rules' line without its category, which is read here. */
export type PricedLine = Omit<DiscountLine, "category">;

/**
 * What `code` takes off these lines for this shopper now, for the cart and the checkout to show
 * (without a phone yet, a guest's earlier use is only found when they order).
 */
export async function quoteDiscount(
  db: Database,
  input: { code: string; lines: readonly PricedLine[]; shopper: DiscountShopper; now?: Date },
): Promise<DiscountQuote> {
  const code = normaliseDiscountCode(input.code) ?? input.code;
  const rule = await findCode(db, code, false);
  const usedByShopper = rule ? await usedBy(db, rule, input.shopper) : false;
  const lines = await withCategories(db, input.lines);
  return { code, ...checkDiscount(rule, lines, { now: input.now ?? new Date(), usedByShopper }) };
}

/** A code redeemed by an order being placed: its id, what it took off, and whom it counts against. */
export type Redemption = DiscountQuote & { ok: true; codeId: number; shopperKey: string | null };

/**
 * Checks `code` again inside the order's transaction and counts its use: the code's row is locked
 * until the order commits, and its uses raised only while below the maximum, so that a code with N
 * uses is never redeemed N + 1 times. Call `recordRedemption` once the order exists.
 */
export async function redeemDiscount(
  tx: Database,
  input: { code: string; lines: readonly PricedLine[]; shopper: DiscountShopper; now?: Date },
): Promise<Redemption | (DiscountQuote & { ok: false })> {
  const rule = await findCode(tx, input.code, true);
  const usedByShopper = rule ? await usedBy(tx, rule, input.shopper) : false;
  const lines = await withCategories(tx, input.lines);
  const check = checkDiscount(rule, lines, { now: input.now ?? new Date(), usedByShopper });
  if (!check.ok) return { code: input.code, ...check };
  const { userId, phone } = input.shopper;
  if (rule!.oncePerShopper && userId === null && phone === null)
    return { code: input.code, ok: false, reason: "needsPayer", error: discountRefusals.needsPayer };
  const [counted] = await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} + 1` })
    .where(
      and(
        eq(discountCodes.id, rule!.id),
        sql`(${discountCodes.maxUses} is null or ${discountCodes.uses} < ${discountCodes.maxUses})`,
      ),
    )
    .returning({ id: discountCodes.id });
  if (!counted) throw new Error(`Discount code ${rule!.id} was used under its lock`);
  const key = rule!.oncePerShopper ? shopperKey({ userId, phone: phone ?? "" }) : null;
  return { code: input.code, ...check, codeId: rule!.id, shopperKey: key };
}

/** Stores an order's redemption; a second use of a once-per-shopper code fails on its unique index. */
export async function recordRedemption(tx: Database, redemption: Redemption, orderId: number): Promise<void> {
  await tx.insert(discountRedemptions).values({ codeId: redemption.codeId, orderId, shopperKey: redemption.shopperKey });
}

/** Gives a cancelled order's use of its code back, inside the cancellation's transaction. */
export async function releaseRedemption(tx: Database, orderId: number): Promise<void> {
  const [released] = await tx
    .delete(discountRedemptions)
    .where(eq(discountRedemptions.orderId, orderId))
    .returning({ codeId: discountRedemptions.codeId });
  if (released)
    await tx
      .update(discountCodes)
      .set({ uses: sql`greatest(${discountCodes.uses} - 1, 0)` })
      .where(eq(discountCodes.id, released.codeId));
}

/** The unique index that refuses a once-per-shopper code's second use (lib/db/schema/discounts.ts). */
export const oncePerShopperIndex = "discount_redemptions_once_per_shopper";

async function findCode(db: Database, code: string, forUpdate: boolean) {
  const query = db.select().from(discountCodes).where(eq(discountCodes.code, code));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

async function usedBy(db: Database, rule: { id: number; oncePerShopper: boolean }, shopper: DiscountShopper) {
  if (!rule.oncePerShopper || (shopper.userId === null && shopper.phone === null)) return false;
  const key = shopperKey({ userId: shopper.userId, phone: shopper.phone ?? "" });
  const [row] = await db
    .select({ id: discountRedemptions.id })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.codeId, rule.id), eq(discountRedemptions.shopperKey, key)));
  return row !== undefined;
}

async function withCategories(db: Database, lines: readonly PricedLine[]): Promise<DiscountLine[]> {
  const ids = [...new Set(lines.map((line) => line.productId))];
  const rows = ids.length
    ? await db.select({ id: products.id, category: products.category }).from(products).where(inArray(products.id, ids))
    : [];
  const categoryOf = new Map(rows.map((row) => [row.id, row.category]));
  return lines.map((line) => ({ ...line, category: categoryOf.get(line.productId) ?? "" }));
}
