import "server-only";
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { discountCodes, discountRedemptions, products, user } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { checkDiscount, normaliseDiscountCode, shopperKey, type DiscountCheck, type DiscountLine } from "./rules";

/** A shopper as a once-per-shopper code counts them: their account (null for a guest, who cannot use one). */
export type DiscountShopper = { userId: string | null };

export type DiscountQuote = DiscountCheck & { code: string };

/** A cart's or an order's line as priced: the rules' line without its category, which is read here. */
export type PricedLine = Omit<DiscountLine, "category">;

/** What `code` takes off these lines for this shopper now, for the cart and the checkout to show. */
export async function quoteDiscount(
  db: Database,
  input: { code: string; lines: readonly PricedLine[]; shopper: DiscountShopper; now?: Date },
): Promise<DiscountQuote> {
  const code = normaliseDiscountCode(input.code) ?? input.code;
  const rule = await findCode(db, code, false);
  const lines = await withCategories(db, input.lines);
  return {
    code,
    ...checkDiscount(rule, lines, { now: input.now ?? new Date(), ...(await shopperFor(db, rule, input.shopper)) }),
  };
}

/** A code redeemed by an order being placed: its id, what it took off, and whom it counts against. */
export type Redemption = DiscountQuote & { ok: true; codeId: number; shopperKey: string | null };

/**
 * Checks `code` again inside the order's transaction: the code's row is locked until the order
 * commits, and a use is taken only while the uses counted and held are below the maximum, so that a
 * code with N uses is never held or redeemed N + 1 times at once. Call `recordRedemption` once the
 * order exists: it holds the use until the order is paid or confirmed (countRedemption), for
 * DISCOUNT_HOLD_MINUTES at most.
 */
export async function redeemDiscount(
  tx: Database,
  input: { code: string; lines: readonly PricedLine[]; shopper: DiscountShopper; now?: Date },
): Promise<Redemption | (DiscountQuote & { ok: false })> {
  const rule = await findCode(tx, input.code, true);
  const lines = await withCategories(tx, input.lines);
  const check = checkDiscount(rule, lines, { now: input.now ?? new Date(), ...(await shopperFor(tx, rule, input.shopper)) });
  if (!check.ok) return { code: input.code, ...check };
  const key = rule!.oncePerShopper ? shopperKey(input.shopper.userId!) : null;
  return { code: input.code, ...check, codeId: rule!.id, shopperKey: key };
}

/** Stores an order's redemption, holding its use for DISCOUNT_HOLD_MINUTES; a second use of a once-per-shopper code fails on its unique index. */
export async function recordRedemption(
  tx: Database,
  redemption: Redemption,
  orderId: number,
  holdMinutes = env().DISCOUNT_HOLD_MINUTES,
): Promise<void> {
  await tx.insert(discountRedemptions).values({
    codeId: redemption.codeId,
    orderId,
    shopperKey: redemption.shopperKey,
    heldUntil: sql`now() + make_interval(secs => ${holdMinutes * 60})`,
  });
}

/** Counts an order's use of its code, once, when the order is paid or confirmed (inside that transaction). */
export async function countRedemption(tx: Database, orderId: number): Promise<void> {
  const [counted] = await tx
    .update(discountRedemptions)
    .set({ countedAt: sql`now()` })
    .where(and(eq(discountRedemptions.orderId, orderId), isNull(discountRedemptions.countedAt)))
    .returning({ codeId: discountRedemptions.codeId });
  if (counted)
    await tx
      .update(discountCodes)
      .set({ uses: sql`${discountCodes.uses} + 1` })
      .where(eq(discountCodes.id, counted.codeId));
}

/** Gives a cancelled order's use of its code back, inside the cancellation's transaction. */
export async function releaseRedemption(tx: Database, orderId: number): Promise<void> {
  const [released] = await tx
    .delete(discountRedemptions)
    .where(eq(discountRedemptions.orderId, orderId))
    .returning({ codeId: discountRedemptions.codeId, countedAt: discountRedemptions.countedAt });
  if (released?.countedAt)
    await tx
      .update(discountCodes)
      .set({ uses: sql`greatest(${discountCodes.uses} - 1, 0)` })
      .where(eq(discountCodes.id, released.codeId));
}

/** The unique index that refuses a once-per-shopper code's second use (lib/db/schema/discounts.ts). */
export const oncePerShopperIndex = "discount_redemptions_once_per_shopper";

/** The code with its uses taken: counted, and held by orders not yet paid or confirmed whose hold lasts. */
async function findCode(db: Database, code: string, forUpdate: boolean) {
  const query = db.select().from(discountCodes).where(eq(discountCodes.code, code));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row || row.maxUses === null) return row ?? null;
  const [{ held }] = await db
    .select({ held: sql<number>`count(*)::int` })
    .from(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.codeId, row.id),
        isNull(discountRedemptions.countedAt),
        gt(discountRedemptions.heldUntil, sql`now()`),
      ),
    );
  return { ...row, uses: row.uses + held };
}

/** Whether the shopper may use a once-per-shopper code (a verified account), and has already. */
async function shopperFor(db: Database, rule: { id: number; oncePerShopper: boolean } | null, { userId }: DiscountShopper) {
  if (!rule?.oncePerShopper || userId === null) return { verifiedShopper: false, usedByShopper: false };
  const [account] = await db.select({ verified: user.emailVerified }).from(user).where(eq(user.id, userId));
  const [used] = await db
    .select({ id: discountRedemptions.id })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.codeId, rule.id), eq(discountRedemptions.shopperKey, shopperKey(userId))));
  return { verifiedShopper: account?.verified === true, usedByShopper: used !== undefined };
}

async function withCategories(db: Database, lines: readonly PricedLine[]): Promise<DiscountLine[]> {
  const ids = [...new Set(lines.map((line) => line.productId))];
  const rows = ids.length
    ? await db.select({ id: products.id, category: products.category }).from(products).where(inArray(products.id, ids))
    : [];
  const categoryOf = new Map(rows.map((row) => [row.id, row.category]));
  return lines.map((line) => ({ ...line, category: categoryOf.get(line.productId) ?? "" }));
}
