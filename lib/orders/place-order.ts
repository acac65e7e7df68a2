import "server-only";
import { and, asc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import { actorOf, shopper, type Actor } from "@/lib/auth/actor";
import type { CacheTag } from "@/lib/cache/changes";
import { cartLineColumns, findCartId } from "@/lib/cart/lines";
import { ownerKey, type CartOwner, type OwnerKey } from "@/lib/cart/owner";
import { variantLabel } from "@/lib/core/variant-label";
import { deliveryEstimate, deliveryWindow, type DeliveryRate } from "@/lib/checkout/delivery";
import { requireDeliveryRate } from "@/lib/checkout/delivery-zones";
import { chargedRate, formatFee, fulfilmentQuote, pickupEstimate, type FulfilmentOption } from "@/lib/checkout/fulfilment-fee";
import { findActivePickupPoint, findFreeDeliveryThreshold } from "@/lib/checkout/pickup-points";
import { formatOpeningHours, pickupReadyWindow } from "@/lib/checkout/opening-hours";
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
import { campaigns, cartLines, carts, orderLines, orders, payments, products, user, variants } from "@/lib/db/schema";
import { oncePerShopperIndex, recordRedemption, redeemDiscount, type Redemption } from "@/lib/discounts/redemptions";
import { discountRefusals } from "@/lib/discounts/rules";
import type { PaymentChoice } from "./payment-choice";
import { isOnSale, isPublished } from "@/lib/catalog/queries";
import { staleAfterStockChange } from "@/lib/stock/cache-changes";
import { recordStockMovements } from "@/lib/stock/movements";
import { orderPlaced } from "./events";
import { orderLimits, reserveMpesaOrder, reservePayOnDelivery, unitsProblem, type OrderLimits } from "@/lib/checkout/limits";
import { isIdempotencyKey, newOrderNumber } from "./order-number";
import { findOrderUnchecked, type OrderView } from "./order-view";
import { parseWholeNumber } from "@/lib/core/whole-number";
import { giveConsent } from "@/lib/winback/consents";
import { contactsOf } from "@/lib/winback/contact";

export type PlaceOrderInput = {
  /** Whose cart is bought; a user owner also makes the order theirs. */
  cartOwner: CartOwner;
  /** The delivery form's values (delivery or pickup, and where); validated again here. */
  delivery: CheckoutInput;
  /** The buyer's KRA PIN as typed, for their tax invoice (optional); validated here with the delivery. */
  buyerPin?: unknown;
  /** One per checkout (newIdempotencyKey), sent back with every submission of that checkout. */
  idempotencyKey: unknown;
  /** How it is paid, already checked (parsePaymentChoice); pay on delivery when left out. */
  payment?: PaymentChoice;
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
  /** Phone-first checkout: the e-mail address may be left empty. By default, whenever SMS is set up. */
  emailOptional?: boolean;
  /** The checkout's unticked marketing box: ticked, the order's phone and e-mail address consent to offers and reminders. */
  marketingConsent?: boolean;
};

/** A cart line there is not enough stock for: how many were wanted and how many are left. */
export type ShortLine = { variantId: number; productName: string; variantLabel: string; requested: number; available: number };

export type PlaceOrderResult =
  | {
      ok: true;
      order: OrderView;
      /** True when this key had already placed the order: nothing new was stored. */
      replayed: boolean;
      /** What the order made stale (none when replayed), for the caller to expire on its instance at once. */
      staleTags: CacheTag[];
    }
  | { ok: false; reason: "invalid_delivery"; errors: CheckoutErrors }
  | {
      ok: false;
      reason: "invalid_checkout" | "empty_cart" | "price_changed" | "delivery_quoted" | "over_limit" | "discount_refused";
      error: string;
    }
  | { ok: false; reason: "out_of_stock"; error: string; shortLines: ShortLine[] };

export const placeOrderMessages = {
  invalidCheckout: "This checkout has expired. Reload the page and try again.",
  emptyCart: "Your cart is empty.",
  outOfStock: "Some items sold out while you were checking out. Please review your cart.",
  priceChanged:
    "A price changed while you were checking out, so nothing was ordered. Check the new total and place your order again.",
  pickupWithdrawn:
    "The pickup point you chose is no longer offered. Nothing is ordered yet: choose how to get your order and place it again.",
  /** The fee shown was another, or none (a form posted without JavaScript): the shopper sees this one before placing. */
  deliveryQuoted: (option: FulfilmentOption, rate: DeliveryRate) => {
    const [what, when] =
      option.kind === "delivery"
        ? [`Delivery to ${option.county}`, deliveryEstimate(rate)]
        : [`Pickup at ${option.point.name}`, pickupEstimate];
    const cost = rate.fee === 0 ? "is free" : `costs ${formatFee(rate.fee)}`;
    return `${what} ${cost} (${when.toLowerCase()}). Nothing is ordered yet: check the total and place your order.`;
  },
} as const;

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
  if (!parsed.ok) return { ok: false, reason: "invalid_delivery", errors: parsed.errors };
  const { contact, fulfilment } = parsed;

  for (let attempt = 0; ; attempt++) {
    try {
      const payment = input.payment ?? { method: "pay_on_delivery" };
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
          marketingConsent: input.marketingConsent ?? false,
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
  marketingConsent: boolean;
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
  if (refusal) return refusal;
  const unitsOver = unitsProblem(lines, input.guard.limits);
  if (unitsOver) return { ok: false, reason: "over_limit", error: unitsOver };
  const destination = await fulfilmentOption(tx, input.fulfilment);
  // The point was withdrawn since the checkout showed it: said above the form, which may no longer list any.
  if (!destination) return { ok: false, reason: "delivery_quoted", error: placeOrderMessages.pickupWithdrawn };
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
  await tx.delete(cartLines).where(eq(cartLines.cartId, cartId));
  const placedOrder = (await findOrderUnchecked(tx, order.id))!;
  const actor = await buyer(tx, input.owner);

  const levels = await takeStock(tx, lines);
  if (!levels) {
    // Sold, repriced or withdrawn since the check: answered from what is committed now.
    const now = refuseLines(await linesNow(tx, lines), input.expectedSubtotal);
    throw new RolledBack(now ?? { ok: false, reason: "price_changed", error: placeOrderMessages.priceChanged });
  }
  const overLimit = await limitProblem(tx, {
    lines,
    total: order.total,
    contact: input.contact,
    payment: input.payment,
    owner: input.owner,
    ...input.guard,
  });
  if (overLimit) throw new RolledBack({ ok: false, reason: "over_limit", error: overLimit });
  await recordStockMovements(
    tx,
    lines.map((line) => ({
      variantId: line.variantId,
      reason: "order",
      change: -line.quantity,
      level: levels.get(line.variantId)!,
      actor,
      orderId: order.id,
    })),
  );
  const staleTags = await staleAfterStockChange(
    tx,
    lines.map((line) => ({ variantId: line.variantId, productId: line.productId, slug: line.slug, change: -line.quantity })),
  );
  await orderPlaced(tx, placedOrder, input.owner.userId, staleTags, input.guard.clientAddress);
  return placed(placedOrder, false, staleTags);
}

type FulfilmentColumns = NonNullable<Awaited<ReturnType<typeof fulfilmentOption>>>["columns"];

type CartLine = Awaited<ReturnType<typeof readCartLines>>[number];

/** The cart's lines with their variants' price, stock and whether they are on sale, in variant id order. */
function readCartLines(tx: Database, cartId: number) {
  return tx
    .select({ ...cartLineColumns, onSale: sql<boolean>`${isOnSale}` })
    .from(cartLines)
    .innerJoin(variants, eq(variants.id, cartLines.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(variants.id));
}

/** The lines with their variants' price, stock and whether they are on sale as committed now (a variant gone is sold out). */
async function linesNow(tx: Database, lines: CartLine[]): Promise<CartLine[]> {
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
function refuseLines(lines: CartLine[], expectedSubtotal: number | null): PlaceOrderResult | null {
  if (lines.length === 0) return { ok: false, reason: "empty_cart", error: placeOrderMessages.emptyCart };
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
  if (shortLines.length > 0) return { ok: false, reason: "out_of_stock", error: placeOrderMessages.outOfStock, shortLines };
  if (expectedSubtotal !== null && expectedSubtotal !== subtotalOf(lines))
    return { ok: false, reason: "price_changed", error: placeOrderMessages.priceChanged };
  return null;
}

const subtotalOf = (lines: CartLine[]) => lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);

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

/** The cart's discount code redeemed for these lines (lib/discounts/redemptions.ts), or null when it has none. */
async function redeemCartCode(tx: Database, cartId: number, input: BuyInput, lines: CartLine[]) {
  const [cart] = await tx.select({ code: carts.discountCode }).from(carts).where(eq(carts.id, cartId));
  if (!cart?.code) return null;
  return redeemDiscount(tx, { code: cart.code, lines, shopper: { userId: input.owner.userId } });
}

/**
 * The county's delivery rate, or the pickup point if it is still offered (else null), with where the
 * order goes as the order keeps it: the address, or a copy of the point (and no address).
 */
async function fulfilmentOption(tx: Database, fulfilment: Fulfilment) {
  if (fulfilment.kind === "delivery") {
    const { county } = fulfilment.address;
    const option: FulfilmentOption = { kind: "delivery", county, rate: await requireDeliveryRate(tx, county) };
    return { option, columns: { fulfilment: "delivery", ...fulfilment.address } as const };
  }
  const point = await findActivePickupPoint(tx, fulfilment.pointId);
  if (!point) return null;
  const option: FulfilmentOption = { kind: "pickup", point };
  const copy = { pickupName: point.name, pickupAddress: point.address, pickupHours: formatOpeningHours(point.openingHours) };
  return { option, columns: { fulfilment: "pickup", county: "", town: "", street: "", ...copy } as const };
}

/**
 * Stores the order with its lines (names and prices as bought, each with its share of the discount),
 * its delivery (or pickup point) with the fee and dates charged, copied so that a later change of the
 * rate or the point leaves it alone, and its pending payment.
 */
async function recordOrder(
  tx: Database,
  input: BuyInput,
  lines: CartLine[],
  { columns, rate, window }: { columns: FulfilmentColumns; rate: DeliveryRate; window: { earliest: string; latest: string } },
  discount: Redemption | null,
) {
  const { payment } = input;
  const subtotal = subtotalOf(lines);
  const fee = rate.fee;
  const [order] = await tx
    .insert(orders)
    .values({
      number: newOrderNumber(),
      idempotencyKey: input.idempotencyKey,
      ...input.owner,
      ...input.contact,
      ...columns,
      buyerPin: input.buyerPin,
      subtotal,
      discount: discount?.amount ?? 0,
      discountCode: discount?.code ?? null,
      discountCodeId: discount?.codeId ?? null,
      deliveryFee: fee,
      total: subtotal - (discount?.amount ?? 0) + fee,
      deliveryEarliest: window.earliest,
      deliveryLatest: window.latest,
      campaignId: input.campaignCode ? await findCampaignId(tx, input.campaignCode) : null,
      smsUpdates: input.smsUpdates,
    })
    .returning({ id: orders.id, total: orders.total });
  await tx.insert(orderLines).values(
    lines.map((line, index) => ({
      orderId: order.id,
      productId: line.productId,
      variantId: line.variantId,
      productSlug: line.slug,
      productName: line.name,
      variantLabel: variantLabel(line),
      unitPrice: line.unitPrice,
      quantity: line.quantity,
      discount: discount?.lineDiscounts[index] ?? 0,
    })),
  );
  await tx.insert(payments).values({
    orderId: order.id,
    method: payment.method,
    phone: payment.method === "mpesa" ? payment.phone : null,
    amount: order.total,
  });
  return order;
}

/**
 * Counts the order against its limits (lib/checkout/limits.ts), in this transaction; why it breaks
 * one, else null: for pay on delivery its total and the orders per phone, e-mail and address; for
 * M-Pesa the orders per phone, e-mail, cart owner and address and the units per address.
 */
async function limitProblem(
  tx: Database,
  order: {
    lines: readonly { quantity: number }[];
    total: number;
    contact: Pick<Contact, "phone" | "email">;
    payment: PaymentChoice;
    owner: OwnerKey;
    clientAddress: string | null;
    limits: OrderLimits;
  },
): Promise<string | null> {
  const { phone, email } = order.contact;
  const { payment, clientAddress, limits } = order;
  if (payment.method === "pay_on_delivery")
    return reservePayOnDelivery(tx, { phone, email, clientAddress, total: order.total }, limits);
  const owner = order.owner.userId ? `user:${order.owner.userId}` : `guest:${order.owner.guestTokenHash}`;
  const held = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  return reserveMpesaOrder(tx, { phones: [phone, payment.phone], email, owner, clientAddress, units: held }, limits);
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

/** The id of the campaign behind a code (enabled or not: the visit happened while it was on). */
async function findCampaignId(tx: Database, code: string): Promise<number | null> {
  const [row] = await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.code, code));
  return row?.id ?? null;
}
