import "server-only";
import { eq } from "drizzle-orm";
import { actorOf, shopper, type Actor } from "@/lib/auth/actor";
import type { CacheTag } from "@/lib/cache/changes";
import { findCartId } from "@/lib/cart/lines";
import { ownerKey, type CartOwner, type OwnerKey } from "@/lib/cart/owner";
import { deliveryWindow } from "@/lib/checkout/delivery";
import { chargedRate, fulfilmentQuote } from "@/lib/checkout/fulfilment-fee";
import { findFreeDeliveryThreshold } from "@/lib/checkout/pickup-points";
import { pickupReadyWindow } from "@/lib/checkout/opening-hours";
import { smsEnabled } from "@/lib/sms/client";
import { reserveOrderTexts } from "@/lib/sms/queue";
import {
  parseCheckout,
  type CheckoutErrors,
  type CheckoutInput,
  type Contact,
  type Fulfilment,
} from "@/lib/checkout/delivery-details";
import type { Database } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import { cartLines, carts, orders, user } from "@/lib/db/schema";
import { oncePerShopperIndex, recordRedemption, redeemDiscount } from "@/lib/discounts/redemptions";
import { discountRefusals } from "@/lib/discounts/rules";
import { fulfilmentOption } from "./fulfilment-option";
import type { PaymentChoice, RefusedPaymentChoice } from "./payment-choice";
import { reserveOrderLimits } from "./payment-hold";
import { orderPlaced } from "./events";
import { orderLimits, unitsProblem, type OrderLimits } from "@/lib/checkout/limits";
import { isIdempotencyKey } from "./order-number";
import { findOrderUnchecked, type OrderView } from "./order-view";
import { placeOrderMessages, type PlainRefusal } from "./place-order-messages";
import { recordOrder } from "./record-order";
import {
  linesNow,
  readCartLines,
  refuseLines,
  sellLines,
  subtotalOf,
  type CartLine,
  type LinesRefusal,
  type ShortLine,
} from "./cart-stock";
import { parseWholeNumber } from "@/lib/core/whole-number";
import { giveConsent } from "@/lib/winback/consents";
import { linkOrderToConsent, type CheckoutAnalytics } from "@/lib/analytics/consent";
import { contactsOf } from "@/lib/winback/contact";

export type { ShortLine };

export type PlaceOrderInput = {
  /** Whose cart is bought; a user owner also makes the order theirs. */
  cartOwner: CartOwner;
  /** The delivery form's values (delivery or pickup, and where); validated again here. */
  delivery: CheckoutInput;
  /** The buyer's KRA PIN as typed, for their tax invoice (optional); validated here with the delivery. */
  buyerPin?: unknown;
  /** One per checkout (newIdempotencyKey), sent back with every submission of that checkout. */
  idempotencyKey: unknown;
  /** How it is paid, parsed by lib/payments/choice.ts (a refusal is answered with the delivery's errors); pay on delivery when left out. */
  payment?: PaymentChoice | RefusedPaymentChoice;
  /** The subtotal the checkout showed; when prices changed since, nothing is placed. Unchecked when left out. */
  expectedSubtotal?: unknown;
  /** The fee and days the checkout showed (fulfilmentQuote); when the order would be charged others, nothing is placed. Unchecked when left out. */
  expectedDeliveryQuote?: unknown;
  /** The campaign the order is attributed to (lib/marketing/attribution.ts), if any. */
  campaignCode?: string | null;
  /** The buyer's address (lib/auth/form-values.ts clientAddress), for the pay-on-delivery limit per address. */
  clientAddress?: string | null;
  /** The shop's settings when left out; tests pass their own. */
  limits?: OrderLimits;
  /** Whether the buyer wants texts about the order (the checkout's box); yes when left out. */
  smsUpdates?: boolean;
  /** The checkout's unticked WhatsApp box (offered only while WhatsApp is set up). */
  whatsappUpdates?: boolean;
  /** Phone-first checkout: the e-mail address may be left empty. By default, whenever SMS is set up. */
  emailOptional?: boolean;
  /** The checkout's unticked marketing box: ticked, the order's phone and e-mail address consent to offers and reminders. */
  marketingConsent?: boolean;
  /** The shopper's analytics cookies: with an accepted consent, the order's purchase is reported (lib/analytics). */
  analytics?: CheckoutAnalytics;
};

export type PlaceOrderResult =
  | {
      ok: true;
      order: OrderView;
      /** True when this key had already placed the order: nothing new was stored. */
      replayed: boolean;
      /** What the order made stale (none when replayed), for the caller to expire on its instance at once. */
      staleTags: CacheTag[];
    }
  | { ok: false; reason: "invalid_delivery"; errors: CheckoutErrors & { mpesaPhone?: string } }
  | { ok: false; reason: PlainRefusal; error: string }
  | { ok: false; reason: "out_of_stock"; error: string; shortLines: ShortLine[] };

export { placeOrderMessages };

/**
 * Buys the owner's cart, exactly once per idempotency key, in one transaction: locks the
 * cart, re-reads prices and stock, records the order, its lines, its pending payment (pay on
 * delivery, or an M-Pesa attempt to push) and the campaign it is attributed to, empties the cart,
 * decrements stock (each line's change goes in the stock history) and notifies a signed-in buyer.
 * When any line is short, a price changed since the checkout showed it, or the order breaks a
 * limit (lib/checkout/limits.ts), nothing is stored.
 */
export async function placeOrder(db: Database, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const { cartOwner, idempotencyKey } = input;
  const owner = ownerKey(cartOwner);
  if (!owner || !isIdempotencyKey(idempotencyKey)) return invalidCheckout;
  // Without an e-mail address the buyer hears by text only, so it may be left out only when texts can go.
  const parsed = parseCheckout(
    { ...input.delivery, buyerPin: input.buyerPin },
    { emailOptional: input.emailOptional ?? smsEnabled() },
  );
  const payment = input.payment ?? { method: "pay_on_delivery" };
  // Every field's error at once: a refused payment choice's beside the delivery details'.
  if (!parsed.ok || payment.method === null) {
    const paymentError = payment.method === null ? { mpesaPhone: payment.error } : {};
    return { ok: false, reason: "invalid_delivery", errors: { ...(parsed.ok ? {} : parsed.errors), ...paymentError } };
  }
  const { contact, fulfilment } = parsed;

  for (let attempt = 0; ; attempt++) {
    try {
      const expectedSubtotal = parseAmount(input.expectedSubtotal);
      const expectedDeliveryQuote = input.expectedDeliveryQuote === undefined ? undefined : String(input.expectedDeliveryQuote);
      const campaignCode = input.campaignCode ?? null;
      const guard = { clientAddress: input.clientAddress ?? null, limits: input.limits ?? orderLimits() };
      return await db.transaction((tx) =>
        buyCart(tx, {
          cartOwner,
          owner,
          idempotencyKey,
          contact,
          fulfilment,
          buyerPin: parsed.buyerPin,
          payment,
          expectedSubtotal,
          expectedDeliveryQuote,
          campaignCode,
          guard,
          smsUpdates: input.smsUpdates ?? true,
          whatsappUpdates: input.whatsappUpdates ?? false,
          marketingConsent: input.marketingConsent ?? false,
          analytics: input.analytics ?? null,
        }),
      );
    } catch (error) {
      // Refused after the transaction wrote (a discount's use counted): rolled back, then answered.
      if (error instanceof RolledBack) return error.result;
      // A concurrent submission with the same key won the race: answer with its order.
      if (isUniqueViolation(error, "orders_idempotency_key_unique"))
        return (await findPlaced(db, idempotencyKey, owner)) ?? invalidCheckout;
      // The same shopper used a once-per-shopper code in a concurrent checkout.
      if (isUniqueViolation(error, oncePerShopperIndex))
        return { ok: false, reason: "discount_refused", error: discountRefusals.alreadyUsed };
      // An order number drawn twice (about one in billions): draw again.
      if (isUniqueViolation(error, "orders_number_unique") && attempt < 3) continue;
      throw error;
    }
  }
}

const invalidCheckout = { ok: false, reason: "invalid_checkout", error: placeOrderMessages.invalidCheckout } as const;

/** Thrown to roll the transaction back with a refusal to answer. */
class RolledBack extends Error {
  constructor(readonly result: PlaceOrderResult) {
    super("rolled back");
  }
}

type BuyInput = {
  cartOwner: CartOwner;
  owner: OwnerKey;
  idempotencyKey: string;
  contact: Contact;
  fulfilment: Fulfilment;
  buyerPin: string | null;
  payment: PaymentChoice;
  expectedSubtotal: number | null;
  expectedDeliveryQuote: string | undefined;
  campaignCode: string | null;
  guard: { clientAddress: string | null; limits: OrderLimits };
  smsUpdates: boolean;
  whatsappUpdates: boolean;
  marketingConsent: boolean;
  analytics: CheckoutAnalytics | null;
};

/**
 * The steps of one checkout, inside its transaction: check (stock, prices, limits) against what is
 * committed, record the order, and last take the stock, then count the limits. Those rows are shared
 * by every checkout of a rush (the variants, the counters per client address), each held from its
 * update to the commit, so nothing runs after them but what needs their result. The stock comes
 * first: a checkout it refuses never waits on the counters, which every shopper behind one address
 * shares (a carrier's, the flash-sale bench's), and in a rush most checkouts are such refusals.
 */
async function buyCart(tx: Database, input: BuyInput): Promise<PlaceOrderResult> {
  // Locking the cart serialises checkouts of one cart, so a repeated submission waits here
  // and then finds the order the first one stored.
  const cartId = await findCartId(tx, input.cartOwner, { forUpdate: true });
  const previous = await findPlaced(tx, input.idempotencyKey, input.owner);
  if (previous) return previous;
  if (cartId === null) return { ok: false, reason: "empty_cart", error: placeOrderMessages.emptyCart };
  // Read without locking the variants: in a rush most checkouts are refusals, answered here
  // without waiting behind the sales of the same variant. takeStock checks again as it takes.
  const lines = await readCartLines(tx, cartId);
  const refusal = refuseLines(lines, input.expectedSubtotal);
  if (refusal) return refused(refusal);
  const unitsOver = unitsProblem(lines, input.guard.limits);
  if (unitsOver) return { ok: false, reason: "over_limit", error: unitsOver };
  const destination = await fulfilmentOption(tx, input.fulfilment);
  // The point was withdrawn since the checkout showed it: said above the form, which may no longer list any.
  if (!destination) return { ok: false, reason: "delivery_quoted", error: placeOrderMessages.pickupWithdrawn };
  // Pay on delivery only where the county offers it (lib/couriers); the form offered it only there.
  if (input.payment.method === "pay_on_delivery" && destination.payOnDeliveryRefusal)
    return { ok: false, reason: "payment_refused", error: destination.payOnDeliveryRefusal };
  const discount = await redeemCartCode(tx, cartId, input, lines);
  if (discount && !discount.ok) return { ok: false, reason: "discount_refused", error: discount.error };
  const goods = subtotalOf(lines) - (discount?.amount ?? 0);
  const { option, columns } = destination;
  const rate = chargedRate(option, goods, await findFreeDeliveryThreshold(tx));
  if (input.expectedDeliveryQuote !== undefined && input.expectedDeliveryQuote !== fulfilmentQuote(option, rate))
    throw new RolledBack({ ok: false, reason: "delivery_quoted", error: placeOrderMessages.deliveryQuoted(option, rate) });

  // Past its client address's daily budget of texts, an order hears by e-mail and its page only.
  const smsUpdates = input.smsUpdates && (await reserveOrderTexts(tx, input.guard.clientAddress));
  // A pickup order's dates skip the days its point is closed.
  const window =
    option.kind === "pickup" ? pickupReadyWindow(rate, option.point.openingHours, new Date()) : deliveryWindow(rate, new Date());
  const order = await recordOrder(tx, { ...input, smsUpdates }, lines, { columns, rate, window }, discount);
  if (discount) await recordRedemption(tx, discount, order.id);
  if (input.marketingConsent) await giveConsent(tx, contactsOf(input.contact), "checkout");
  if (input.analytics) await linkOrderToConsent(tx, order.id, input.analytics);
  await tx.delete(cartLines).where(eq(cartLines.cartId, cartId));
  const placedOrder = (await findOrderUnchecked(tx, order.id))!;

  const staleTags = await sellLines(tx, lines, { actor: await buyer(tx, input.owner), orderId: order.id });
  if (!staleTags) {
    // Sold, repriced or withdrawn since the check: answered from what is committed now.
    const now = refuseLines(await linesNow(tx, lines), input.expectedSubtotal);
    throw new RolledBack(refused(now ?? { reason: "price_changed" }));
  }
  const overLimit = await reserveOrderLimits(tx, {
    lines,
    total: order.total,
    contact: input.contact,
    payment: input.payment,
    owner: input.owner,
    ...input.guard,
  });
  if (overLimit) throw new RolledBack({ ok: false, reason: "over_limit", error: overLimit });
  await orderPlaced(tx, placedOrder, input.owner.userId, staleTags, input.guard.clientAddress);
  return placed(placedOrder, false, staleTags);
}

/** A refusal of the cart's lines, in the shopper's words. */
function refused(refusal: LinesRefusal): PlaceOrderResult {
  switch (refusal.reason) {
    case "empty_cart":
      return { ok: false, reason: "empty_cart", error: placeOrderMessages.emptyCart };
    case "out_of_stock":
      return { ok: false, reason: "out_of_stock", error: placeOrderMessages.outOfStock, shortLines: refusal.shortLines };
    case "price_changed":
      return { ok: false, reason: "price_changed", error: placeOrderMessages.priceChanged };
  }
}

/** The cart's discount code redeemed for these lines (lib/discounts/redemptions.ts), or null when it has none. */
async function redeemCartCode(tx: Database, cartId: number, input: BuyInput, lines: CartLine[]) {
  const [cart] = await tx.select({ code: carts.discountCode }).from(carts).where(eq(carts.id, cartId));
  if (!cart?.code) return null;
  return redeemDiscount(tx, { code: cart.code, lines, shopper: { userId: input.owner.userId } });
}

/** Who bought, for the stock history: a signed-in shopper by e-mail, a guest as 'Shopper'. */
async function buyer(tx: Database, owner: OwnerKey): Promise<Actor> {
  if (owner.userId === null) return shopper;
  const [account] = await tx.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, owner.userId));
  return account ? actorOf(account) : shopper;
}

/**
 * The answer for a key that already placed an order (null when it has not): that order for
 * its owner; for anyone else a refusal that does not say whose it was.
 */
async function findPlaced(db: Database, idempotencyKey: string, owner: OwnerKey): Promise<PlaceOrderResult | null> {
  const [order] = await db
    .select({ id: orders.id, userId: orders.userId, guestTokenHash: orders.guestTokenHash })
    .from(orders)
    .where(eq(orders.idempotencyKey, idempotencyKey));
  if (!order) return null;
  const sameOwner = owner.userId !== null ? order.userId === owner.userId : order.guestTokenHash === owner.guestTokenHash;
  return sameOwner ? placed((await findOrderUnchecked(db, order.id))!, true) : invalidCheckout;
}

function placed(order: OrderView, replayed: boolean, staleTags: CacheTag[] = []): PlaceOrderResult {
  return { ok: true, order, replayed, staleTags };
}

/** A whole amount in shillings from a form, else null. */
function parseAmount(value: unknown): number | null {
  return parseWholeNumber(value, { min: 0, max: 999_999_999 });
}
