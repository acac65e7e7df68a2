import "server-only";
import { reserveAttempt, type ThrottleKey } from "@/lib/auth/throttle";
import { formatKsh } from "@/lib/catalog/price";
import type { Database } from "@/lib/db";
import { env } from "@/lib/env";

/**
 * What one order may hold, so that a stranger cannot reserve the shop's stock: units per line and
 * per order for every order; for pay on delivery, where nothing is paid up front, a largest total
 * and a number of orders per phone, e-mail and client address within a window; for M-Pesa, whose
 * order holds its stock until it is paid or expires, a number of orders per phone, e-mail, cart
 * owner and client address, and of units per client address, within the payment window.
 */
export type OrderLimits = {
  unitsPerLine: number;
  unitsPerOrder: number;
  payOnDeliveryMaxTotal: number;
  payOnDeliveryPerPhone: number;
  payOnDeliveryPerEmail: number;
  payOnDeliveryPerAddress: number;
  payOnDeliveryWindowMs: number;
  mpesaPerBuyer: number;
  mpesaPerCart: number;
  mpesaPerAddress: number;
  mpesaUnitsPerAddress: number;
  mpesaWindowMs: number;
};

/** The limits from the shop's settings. */
export function orderLimits(): OrderLimits {
  const settings = env();
  return {
    unitsPerLine: settings.ORDER_MAX_LINE_UNITS,
    unitsPerOrder: settings.ORDER_MAX_UNITS,
    payOnDeliveryMaxTotal: settings.PAY_ON_DELIVERY_MAX_TOTAL,
    payOnDeliveryPerPhone: settings.PAY_ON_DELIVERY_PER_PHONE,
    payOnDeliveryPerEmail: settings.PAY_ON_DELIVERY_PER_EMAIL,
    payOnDeliveryPerAddress: settings.PAY_ON_DELIVERY_PER_ADDRESS,
    payOnDeliveryWindowMs: settings.PAY_ON_DELIVERY_WINDOW_HOURS * 3_600_000,
    mpesaPerBuyer: settings.MPESA_UNPAID_PER_BUYER,
    mpesaPerCart: settings.MPESA_UNPAID_PER_CART,
    mpesaPerAddress: settings.MPESA_UNPAID_PER_ADDRESS,
    mpesaUnitsPerAddress: settings.MPESA_UNPAID_UNITS_PER_ADDRESS,
    // An unpaid order holds its stock for the payment window at most: so long its count lasts.
    mpesaWindowMs: settings.MPESA_PAYMENT_WINDOW_MINUTES * 60_000,
  };
}

export const limitMessages = {
  lineUnits: (max: number) => `You can buy up to ${max} of one item.`,
  orderUnits: (max: number) => `One order holds up to ${max} items. Please remove some from your cart.`,
  payOnDeliveryTotal: (max: number) =>
    `Pay on delivery is for orders up to ${formatKsh(max)}. Please pay by M-Pesa or remove some items.`,
  payOnDeliveryCount:
    "We already have several pay-on-delivery orders from these details. Please pay by M-Pesa, or try again tomorrow.",
  mpesaCount: (minutes: number) =>
    `We already have several unpaid M-Pesa orders from these details. Please pay for them first, or try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
} as const;

/** Why these lines break the unit limits (the first broken one), or null when they keep them. */
export function unitsProblem(lines: readonly { quantity: number }[], limits: OrderLimits): string | null {
  if (lines.some((line) => line.quantity > limits.unitsPerLine)) return limitMessages.lineUnits(limits.unitsPerLine);
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  return units > limits.unitsPerOrder ? limitMessages.orderUnits(limits.unitsPerOrder) : null;
}

/**
 * Counts one pay-on-delivery order against its phone, e-mail and client address, inside the
 * order's transaction (a refused or rolled-back order counts nothing); answers why it is refused,
 * or null. Call it last, once everything else about the order is accepted.
 */
export async function reservePayOnDelivery(
  tx: Database,
  buyer: { phone: string; email: string; clientAddress: string | null; total: number },
  limits: OrderLimits,
): Promise<string | null> {
  if (buyer.total > limits.payOnDeliveryMaxTotal) return limitMessages.payOnDeliveryTotal(limits.payOnDeliveryMaxTotal);
  const windowMs = limits.payOnDeliveryWindowMs;
  const keys = [{ key: `pay-on-delivery:phone:${buyer.phone}`, max: limits.payOnDeliveryPerPhone, windowMs }];
  // A phone-only order (no e-mail) counts by its phone alone: '' must not be one key shared by all of them.
  if (buyer.email)
    keys.push({ key: `pay-on-delivery:email:${buyer.email.toLowerCase()}`, max: limits.payOnDeliveryPerEmail, windowMs });
  if (buyer.clientAddress)
    keys.push({ key: `pay-on-delivery:address:${buyer.clientAddress}`, max: limits.payOnDeliveryPerAddress, windowMs });
  const waitMinutes = await reserveAttempt(tx, keys);
  return waitMinutes > 0 ? limitMessages.payOnDeliveryCount : null;
}

/**
 * Counts one M-Pesa order (and its units, per address) against the buyer's phone, the paying phone,
 * the e-mail, the cart's owner and the client address, inside the order's transaction, as
 * `reservePayOnDelivery` does; answers why it is refused, or null. Call it last.
 */
export async function reserveMpesaOrder(
  tx: Database,
  buyer: { phones: string[]; email: string; owner: string; clientAddress: string | null; units: number },
  limits: OrderLimits,
): Promise<string | null> {
  const windowMs = limits.mpesaWindowMs;
  const perBuyer = (key: string) => ({ key: `mpesa-order:${key}`, max: limits.mpesaPerBuyer, windowMs });
  // One phone written two ways (the form's 07…, M-Pesa's 2547…) is one key: its last nine digits.
  const phones = new Set(buyer.phones.map((phone) => phone.replace(/\D/g, "").slice(-9)));
  const keys: ThrottleKey[] = [...phones].map((phone) => perBuyer(`phone:${phone}`));
  keys.push({ key: `mpesa-order:cart:${buyer.owner}`, max: limits.mpesaPerCart, windowMs });
  if (buyer.email) keys.push(perBuyer(`email:${buyer.email.toLowerCase()}`));
  if (buyer.clientAddress)
    keys.push(
      { key: `mpesa-order:address:${buyer.clientAddress}`, max: limits.mpesaPerAddress, windowMs },
      { key: `mpesa-units:address:${buyer.clientAddress}`, max: limits.mpesaUnitsPerAddress, windowMs, cost: buyer.units },
    );
  const waitMinutes = await reserveAttempt(tx, keys);
  return waitMinutes > 0 ? limitMessages.mpesaCount(waitMinutes) : null;
}
