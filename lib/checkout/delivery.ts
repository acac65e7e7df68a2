import { NAIROBI, type County } from "./counties";

/** The one place that sets delivery fees (whole KSh) and how long delivery takes. */
export const DELIVERY_RATES = {
  nairobi: { label: "Within Nairobi", fee: 200, minDays: 1, maxDays: 2 },
  countrywide: { label: "Countrywide", fee: 450, minDays: 2, maxDays: 5 },
} as const;

export type DeliveryRate = (typeof DELIVERY_RATES)[keyof typeof DELIVERY_RATES];

export function deliveryRate(county: County): DeliveryRate {
  return county === NAIROBI ? DELIVERY_RATES.nairobi : DELIVERY_RATES.countrywide;
}

export const deliveryFee = (county: County) => deliveryRate(county).fee;

/** 'Delivered in 1–2 days' */
export const deliveryEstimate = (rate: DeliveryRate) => `Delivered in ${rate.minDays}–${rate.maxDays} days`;

/**
 * The calendar dates (YYYY-MM-DD, Nairobi time) between which an order placed at `placedAt`
 * is expected.
 */
export function deliveryWindow(county: County, placedAt: Date): { earliest: string; latest: string } {
  const rate = deliveryRate(county);
  return { earliest: nairobiDatePlusDays(placedAt, rate.minDays), latest: nairobiDatePlusDays(placedAt, rate.maxDays) };
}

// Kenya keeps UTC+3 all year, so shifting by three hours gives the local calendar date.
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

function nairobiDatePlusDays(instant: Date, days: number): string {
  return new Date(instant.getTime() + NAIROBI_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);
}

const dayFormat = new Intl.DateTimeFormat("en-KE", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });

/** 'Sun, 22 Nov – Mon, 23 Nov' for a window of YYYY-MM-DD dates. */
export function formatDeliveryWindow(window: { earliest: string; latest: string }): string {
  const day = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
  return `${day(window.earliest)} – ${day(window.latest)}`;
}
