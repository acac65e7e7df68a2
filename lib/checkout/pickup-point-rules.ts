/**
 * The back office's forms for pickup points and the free-delivery threshold: their rules and
 * messages, shared by the browser and the server.
 */
import * as z from "zod/mini";
import { fieldErrorsOf, preprocess, type FieldErrors } from "@/lib/core/form-schema";
import { parseWholeNumber } from "@/lib/core/whole-number";
import { ZONE_LIMITS } from "./delivery-zone-rules";

export const PICKUP_POINT_MAX_LENGTH = { name: 80, address: 200, hours: 120 } as const;
/** The largest threshold staff may set (KSh): beyond it it is a typing slip. */
export const THRESHOLD_MAX = 10_000_000;

export const pickupPointMessages = {
  name: `Enter the point's name (up to ${PICKUP_POINT_MAX_LENGTH.name} characters).`,
  address: `Enter where it is (up to ${PICKUP_POINT_MAX_LENGTH.address} characters).`,
  hours: `Enter its opening hours (up to ${PICKUP_POINT_MAX_LENGTH.hours} characters).`,
  fee: `Enter the fee in whole shillings, from 0 (free) to ${ZONE_LIMITS.fee}.`,
  threshold: `Enter an amount in whole shillings from 1 to ${THRESHOLD_MAX}, or leave it empty for no free delivery.`,
} as const;

/** A pickup point as staff type it (the same fields to add one and to edit one). */
export const pickupPointSchema = z.object({
  name: line("name"),
  address: line("address"),
  hours: line("hours"),
  fee: preprocess(
    (value) => parseWholeNumber(trimmed(value), { min: 0, max: ZONE_LIMITS.fee }),
    z.number({ error: pickupPointMessages.fee }),
  ),
});
export type PickupPointInput = z.output<typeof pickupPointSchema>;
export type PickupPointField = keyof z.input<typeof pickupPointSchema>;
export const pickupPointFields = Object.keys(pickupPointSchema.shape) as PickupPointField[];
export const pickupPointErrors = fieldErrorsOf<PickupPointField>(pickupPointSchema);

/** The free-delivery threshold: whole KSh, or empty for none (null). */
export const thresholdSchema = z.object({
  threshold: preprocess(
    (value) => (trimmed(value) === "" ? null : (parseWholeNumber(trimmed(value), { min: 1, max: THRESHOLD_MAX }) ?? undefined)),
    z.nullable(z.number({ error: pickupPointMessages.threshold })),
  ),
});
export type ThresholdErrors = FieldErrors<"threshold">;
export const thresholdErrors = fieldErrorsOf<"threshold">(thresholdSchema);

function line(field: keyof typeof PICKUP_POINT_MAX_LENGTH) {
  return preprocess(
    trimmed,
    z.string().check(
      z.minLength(1, pickupPointMessages[field]),
      z.maxLength(PICKUP_POINT_MAX_LENGTH[field], pickupPointMessages[field]),
      z.refine((value) => !/[\u0000-\u001f\u007f]/.test(value), pickupPointMessages[field]),
    ),
  );
}

function trimmed(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}
