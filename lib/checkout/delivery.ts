/**
 * Delivery's rules, framework-free so that the checkout's form and the server share them: what a
 * county's rate (lib/checkout/delivery-zones.ts reads it from the database) charges, the dates it
 * promises, and the quote the checkout showed, which the server compares before placing.
 */

import { formatKsh } from "@/lib/catalog/price";
import { NAIROBI, type County } from "./counties";
import type { Carrier } from "@/lib/db/values";

/** What delivery to one county costs (whole KSh) and how many days it takes. */
export type DeliveryRate = { fee: number; minDays: number; maxDays: number };

/** Who carries a county's orders, the shop's rider or a courier, and whether its shoppers may pay on delivery (lib/couriers). */
export type CountyCarriage = { carrier: Carrier; payOnDelivery: boolean };

/** 'Delivered in 1–2 days' */
export const deliveryEstimate = (rate: DeliveryRate) =>
  rate.minDays === rate.maxDays ? `Delivered in ${rate.minDays} days` : `Delivered in ${rate.minDays}–${rate.maxDays} days`;

/**
 * The calendar dates (YYYY-MM-DD, Nairobi time) between which an order placed at `placedAt`
 * at this rate is expected.
 */
export function deliveryWindow(rate: DeliveryRate, placedAt: Date): { earliest: string; latest: string } {
  return { earliest: nairobiDatePlusDays(placedAt, rate.minDays), latest: nairobiDatePlusDays(placedAt, rate.maxDays) };
}

/**
 * The rate as the checkout shows it, '200:1:2', sent back with 'Place order': the server places the
 * order only at the rate the shopper saw (a form posted without JavaScript sees it on the way).
 */
export const deliveryQuote = (rate: DeliveryRate) => `${rate.fee}:${rate.minDays}:${rate.maxDays}`;

// Kenya keeps UTC+3 all year, so shifting by three hours gives the local calendar date.
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

function nairobiDatePlusDays(instant: Date, days: number): string {
  return new Date(instant.getTime() + NAIROBI_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);
}

const dayFormat = new Intl.DateTimeFormat("en-KE", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });

/** 'Sun, 22 Nov – Mon, 23 Nov' for a window of YYYY-MM-DD dates; 'Mon, 30 Nov' when both are one day. */
export function formatDeliveryWindow(window: { earliest: string; latest: string }): string {
  const day = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
  return window.earliest === window.latest ? day(window.earliest) : `${day(window.earliest)} – ${day(window.latest)}`;
}

/** The lowest and highest fee, for 'from KSh 200' before a county or pickup point is chosen. */
export type FeeRange = { lowest: number; highest: number };

/** The fees' range among counties' rates or pickup points (0 for none). */
export function feeRange(options: readonly { fee: number }[]): FeeRange {
  const fees = options.map((option) => option.fee);
  return fees.length === 0 ? { lowest: 0, highest: 0 } : { lowest: Math.min(...fees), highest: Math.max(...fees) };
}

/** 'KSh 200–KSh 450 by county', or the one fee when every county pays the same. */
export function formatFeeRange({ lowest, highest }: FeeRange): string {
  return lowest === highest ? formatKsh(lowest) : `${formatKsh(lowest)}–${formatKsh(highest)} by county`;
}

/**
 * The home page's promise, from the rates staff set (one per county, seeded for all 47): the days
 * Nairobi's rate and the other counties' rates take, 'We deliver to all 47 counties, in 1–2 days in
 * Nairobi and 2–5 days elsewhere.' Without rates (a build without the database) it names no days.
 */
export function deliveryPromise(rates: Partial<Record<County, DeliveryRate>>): string {
  const { [NAIROBI]: nairobi, ...others } = rates;
  const elsewhere = Object.values<DeliveryRate | undefined>(others).filter((rate) => rate !== undefined);
  if (!nairobi || elsewhere.length === 0) return "We deliver across Kenya.";
  const nairobiDays = daysRange(nairobi);
  const elsewhereDays = daysRange({
    minDays: Math.min(...elsewhere.map((rate) => rate.minDays)),
    maxDays: Math.max(...elsewhere.map((rate) => rate.maxDays)),
  });
  const days =
    nairobiDays === elsewhereDays ? `${nairobiDays} everywhere` : `${nairobiDays} in Nairobi and ${elsewhereDays} elsewhere`;
  return `We deliver to all ${elsewhere.length + 1} counties, in ${days}.`;
}

/** '1–2 days', '3 days', '1 day'. */
function daysRange({ minDays, maxDays }: Pick<DeliveryRate, "minDays" | "maxDays">): string {
  const unit = maxDays === 1 ? "day" : "days";
  return minDays === maxDays ? `${maxDays} ${unit}` : `${minDays}–${maxDays} ${unit}`;
}
