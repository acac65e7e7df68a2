/**
 * What getting an order to the shopper costs, in one place for the cart, the checkout's form and
 * the server that places the order: the county's delivery rate or the pickup point's fee, and free
 * once the goods reach the shop's free-delivery threshold. Framework-free on purpose.
 */

import { formatKsh } from "@/lib/catalog/price";
import type { County } from "./counties";
import { deliveryQuote, type DeliveryRate, type FeeRange } from "./delivery";
import type { OpeningHours } from "./opening-hours";

/** A pickup point as the checkout offers it and an order copies it. */
export type PickupPoint = { id: number; name: string; address: string; openingHours: OpeningHours; fee: number };

/** Where a pickup order waits, as the order copies it: its hours in words (formatOpeningHours). */
export type PickupPlace = { name: string; address: string; hours: string };

/** Where the order goes: a county at its rate, or a pickup point. */
export type FulfilmentOption = { kind: "delivery"; county: County; rate: DeliveryRate } | { kind: "pickup"; point: PickupPoint };

/** How long a pickup order takes to be ready at its point (sent over from the studio like a Nairobi delivery). */
export const PICKUP_READY_DAYS = { minDays: 1, maxDays: 2 } as const;

/**
 * Whether the order travels free: the goods' amount after the discount (what the shopper pays for
 * them, so 'spend KSh 5,000' means KSh 5,000 paid) reaches the threshold; null means no free delivery.
 * A free threshold means free whichever way: it zeroes a paid pickup point's fee too.
 */
export function isFreeDelivery(goodsAmount: number, threshold: number | null): boolean {
  return threshold !== null && goodsAmount >= threshold;
}

/** How much more to spend for free delivery; null when there is no threshold or it is reached. */
export function amountToFreeDelivery(goodsAmount: number, threshold: number | null): number | null {
  return threshold === null || goodsAmount >= threshold ? null : threshold - goodsAmount;
}

/** The fee and days charged for this option with these goods: its own rate, the fee 0 when free. */
export function chargedRate(option: FulfilmentOption, goodsAmount: number, threshold: number | null): DeliveryRate {
  const rate = option.kind === "delivery" ? option.rate : { fee: option.point.fee, ...PICKUP_READY_DAYS };
  return isFreeDelivery(goodsAmount, threshold) ? { ...rate, fee: 0 } : rate;
}

/**
 * What the checkout showed, sent back with 'Place order': the server places the order only when it
 * computes the same (a county's quote is its rate's; a pickup point's names the point too).
 */
export function fulfilmentQuote(option: FulfilmentOption, charged: DeliveryRate): string {
  return option.kind === "delivery" ? deliveryQuote(charged) : `pickup:${option.point.id}:${deliveryQuote(charged)}`;
}

/** 'KSh 200' or 'Free'. */
export const formatFee = (fee: number) => (fee === 0 ? "Free" : formatKsh(fee));

/** The pickup points' fees: 'Free', 'KSh 100', or 'Free to KSh 150' when they differ. */
export const formatPickupFees = ({ lowest, highest }: FeeRange) =>
  lowest === highest ? formatFee(lowest) : `${formatFee(lowest)} to ${formatKsh(highest)}`;

/** 'Spend KSh 1,200 more for free delivery.' */
export const freeDeliveryNudge = (more: number) => `Spend ${formatKsh(more)} more for free delivery.`;

/** 'Ready to pick up in 1–2 days' */
export const pickupEstimate = `Ready to pick up in ${PICKUP_READY_DAYS.minDays}–${PICKUP_READY_DAYS.maxDays} days`;

/** 'Pick up at Kijani Threads studio, Kimathi Street, Nairobi (Monday to Saturday, 08:00–18:00; Sunday closed)': every page, e-mail and text. */
export const pickupPlace = (point: PickupPlace) => `Pick up at ${point.name}, ${point.address} (${point.hours})`;
