import "server-only";
import { eq } from "drizzle-orm";
import { releaseAttempt, reserveAttempt, type ThrottleKey } from "@/lib/auth/throttle";
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
  tooMany: (minutes: number) => `Too many discount codes tried. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
} as const;

/** Codes tried and refused per cart and per client address within the window, so codes cannot be guessed. */
export const codeGuessLimits = { windowMs: 15 * 60_000, perCart: 10, perAddress: 30 } as const;

/**
 * 'Apply': keeps a code on the owner's cart when it applies to it now, else says why in one
 * sentence and keeps the cart as it was. It is checked again on every render and when ordering.
 * Each try counts against the cart and the client address first (so parallel guesses cannot slip
 * under the limits); a code that applies is given back, as it was no guess.
 */
export async function applyCartCode(
  db: Database,
  owner: CartOwner,
  cart: Cart,
  typed: unknown,
  clientAddress: string | null = null,
): Promise<ApplyCodeResult> {
  const cartId = await findCartId(db, owner);
  if (cartId === null || cart.lines.length === 0) return { ok: false, error: cartCodeMessages.emptyCart };
  const { windowMs, perCart, perAddress } = codeGuessLimits;
  const keys: ThrottleKey[] = [{ key: `discount-code:cart:${cartId}`, max: perCart, windowMs }];
  if (clientAddress) keys.push({ key: `discount-code:address:${clientAddress}`, max: perAddress, windowMs });
  const wait = await reserveAttempt(db, keys);
  if (wait > 0) return { ok: false, error: cartCodeMessages.tooMany(wait) };
  const code = normaliseDiscountCode(typed);
  if (code === null) return { ok: false, error: discountRefusals.unknown };
  const quote = await quoteDiscount(db, { code, lines: cart.lines, shopper: shopperOf(owner) });
  if (!quote.ok) return { ok: false, error: quote.error };
  await releaseAttempt(db, keys);
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

/** A signed-in shopper is known by account; a guest is no one a once-per-shopper code can count. */
function shopperOf(owner: CartOwner) {
  return { userId: ownerKey(owner)?.userId ?? null };
}
