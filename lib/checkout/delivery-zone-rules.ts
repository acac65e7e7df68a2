/**
 * The back office's delivery-rate form: its rules and messages, shared by the browser and the
 * server. One rate (fee and days) for every county ticked, so one county or many at once.
 */
import * as z from "zod/mini";
import { fieldErrorsOf, preprocess, type FieldErrors } from "@/lib/core/form-schema";
import { parseWholeNumber } from "@/lib/core/whole-number";
import { isCounty, type County } from "./counties";
import type { DeliveryRate } from "./delivery";

/** The largest fee (KSh) and number of days staff may set: beyond them it is a typing slip. */
export const ZONE_LIMITS = { fee: 50_000, days: 60 } as const;

export const zoneMessages = {
  counties: "Tick at least one county.",
  fee: `Enter the fee in whole shillings, from 0 to ${ZONE_LIMITS.fee}.`,
  minDays: `Enter the fewest days delivery takes, from 0 to ${ZONE_LIMITS.days}.`,
  maxDays: `Enter the most days delivery takes: no fewer than the fewest, and at most ${ZONE_LIMITS.days}.`,
} as const;

/** The ticked counties (a checkbox each, so one value or several) and the rate to give them all. */
export const zoneRateSchema = z.pipe(
  z
    .object({
      counties: preprocess(
        listOf,
        z.pipe(
          z.array(z.string().check(z.refine(isCounty, zoneMessages.counties))).check(z.minLength(1, zoneMessages.counties)),
          z.transform((counties) => [...new Set(counties)] as County[]),
        ),
      ),
      fee: wholeNumber(ZONE_LIMITS.fee, zoneMessages.fee),
      minDays: wholeNumber(ZONE_LIMITS.days, zoneMessages.minDays),
      maxDays: wholeNumber(ZONE_LIMITS.days, zoneMessages.maxDays),
    })
    .check(z.refine((rate) => rate.maxDays >= rate.minDays, { message: zoneMessages.maxDays, path: ["maxDays"] })),
  z.transform(({ counties, ...rate }): ZoneRateUpdate => ({ counties, rate })),
);

export type ZoneRateField = keyof z.input<typeof zoneRateSchema>;
export type ZoneRateErrors = FieldErrors<ZoneRateField>;
export type ZoneRateUpdate = { counties: County[]; rate: DeliveryRate };

export const zoneRateErrors = fieldErrorsOf<ZoneRateField>(zoneRateSchema);

function wholeNumber(max: number, message: string) {
  return preprocess(
    (value) => parseWholeNumber(typeof value === "string" ? value.trim() : value, { min: 0, max }),
    z.number({ error: message }),
  );
}

/** A form field's values as a list: none, one, or every ticked box. */
function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value === undefined || value === null || value === "" ? [] : [value];
}
