import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { carts } from "@/lib/db/schema";
import { findCartId } from "@/lib/cart/lines";
import { ownerKey, type CartOwner } from "@/lib/cart/owner";
import type { Cart } from "@/lib/cart/totals";
import { quoteDiscount, type DiscountQuote } from "./redemptions";
import { discountRefusals, normaliseDiscountCode } from "./rules";

export type ApplyCodeResult = { ok: true; quote: DiscountQuote } | { ok: false; error: string };

export const cartCodeMessages = {
  emptyCart: "Add something to your cart before applying a code.",
  applied: (code: string) => `Discount code ${code} applied.`,
  removed: "Discount code removed.",
} as const;

/**
 * 'Apply': keeps a code on the owner's cart when it applies to it now, else says why in one
 * sentence and keeps the cart as it was. It is checked again on every render and when ordering.
 */
export async function applyCartCode(db: Database, owner: CartOwner, cart: Cart, typed: unknown): Promise<ApplyCodeResult> {
  const cartId = await findCartId(db, owner);
  if (cartId === null || cart.lines.length === 0) return { ok: false, error: cartCodeMessages.emptyCart };
  const code = normaliseDiscountCode(typed);
  if (code === null) return { ok: false, error: discountRefusals.unknown };
  const quote = await quoteDiscount(db, { code, lines: cart.lines, shopper: shopperOf(owner) });
  if (!quote.ok) return { ok: false, error: quote.error };
  await db.update(carts).set({ discountCode: code, updatedAt: new Date() }).where(eq(carts.id, cartId));
  return { ok: true, quote };
}

/** 'Remove': the cart without its code. */
export async function removeCartCode(db: Database, owner: CartOwner): Promise<void> {
  const cartId = await findCartId(db, owner);
  if (cartId !== null) await db.update(carts).set({ discountCode: null }).where(eq(carts.id, cartId));
}

/** The cart's code as it stands now (applied, or refused with why), or null when it has none. */
export async function cartDiscount(db: Database, owner: CartOwner, cart: Cart): Promise<DiscountQuote | null> {
  const cartId = await findCartId(db, owner);
  if (cartId === null) return null;
  const [row] = await db.select({ code: carts.discountCode }).from(carts).where(eq(carts.id, cartId));
  if (!row?.code) return null;
  return quoteDiscount(db, { code: row.code, lines: cart.lines, shopper: shopperOf(owner) });
}

/** A signed-in shopper is known by account now; a guest's phone is only known at checkout. */
function shopperOf(owner: CartOwner) {
  return { userId: ownerKey(owner)?.userId ?? null, phone: null };
}
