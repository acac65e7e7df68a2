/**
 * The back office's forms for pickup points and the free-delivery threshold: their rules and
 * messages, shared by the browser and the server.
 */
import * as z from "zod/mini";
import { addIssue, fieldErrorsOf, preprocess, type FieldErrors } from "@/lib/core/form-schema";
import { parseWholeNumber } from "@/lib/core/whole-number";
import { ZONE_LIMITS } from "./delivery-zone-rules";
import { isClockTime, opensSomeDay, weekdayLabels, weekdays, type OpeningHours, type Weekday } from "./opening-hours";

export const PICKUP_POINT_MAX_LENGTH = { name: 80, address: 200 } as const;
/** The largest threshold staff may set (KSh): beyond it it is a typing slip. */
export const THRESHOLD_MAX = 10_000_000;

export const pickupPointMessages = {
  name: `Enter the point's name (up to ${PICKUP_POINT_MAX_LENGTH.name} characters).`,
  address: `Enter where it is (up to ${PICKUP_POINT_MAX_LENGTH.address} characters).`,
  dayTimes: (day: Weekday) =>
    `Enter when it opens and closes on ${weekdayLabels[day]} (like 08:00 and 18:00), or leave both empty if it is closed.`,
  closesAfterOpens: (day: Weekday) => `On ${weekdayLabels[day]} it must close after it opens.`,
  noOpenDay: "Give the hours of at least one day: a point that never opens cannot be offered.",
  fee: `Enter the fee in whole shillings, from 0 (free) to ${ZONE_LIMITS.fee}.`,
  threshold: `Enter an amount in whole shillings from 1 to ${THRESHOLD_MAX}, or leave it empty for no free delivery.`,
} as const;

/** A day's two time fields in the form: 'mondayOpens', 'mondayCloses'. */
export const dayFields = (day: Weekday) => ({ opens: `${day}Opens`, closes: `${day}Closes` }) as const;
type DayField = ReturnType<typeof dayFields>[keyof ReturnType<typeof dayFields>];

const timeField = preprocess(trimmed, z.string());
const fields = {
  name: line("name"),
  address: line("address"),
  fee: preprocess(
    (value) => parseWholeNumber(trimmed(value), { min: 0, max: ZONE_LIMITS.fee }),
    z.number({ error: pickupPointMessages.fee }),
  ),
  ...(Object.fromEntries(weekdays.flatMap((day) => Object.values(dayFields(day)).map((field) => [field, timeField]))) as Record<
    DayField,
    typeof timeField
  >),
};

/**
 * A pickup point as staff type it (the same fields to add one and to edit one): each day both times
 * or neither (closed), closing after opening, and at least one day open.
 */
export const pickupPointSchema = z.pipe(
  z.object(fields),
  z.transform((typed, context) => {
    const openingHours = {} as OpeningHours;
    for (const day of weekdays) {
      const { opens, closes } = dayFields(day);
      const [open, close] = [typed[opens], typed[closes]];
      if (open === "" && close === "") openingHours[day] = null;
      else if (!isClockTime(open) || !isClockTime(close))
        addIssue(context, pickupPointMessages.dayTimes(day), isClockTime(open) ? closes : opens);
      else if (close <= open) addIssue(context, pickupPointMessages.closesAfterOpens(day), closes);
      else openingHours[day] = { open, close };
    }
    if (context.issues.length === 0 && !opensSomeDay(openingHours))
      addIssue(context, pickupPointMessages.noOpenDay, dayFields("monday").opens);
    return { name: typed.name, address: typed.address, fee: typed.fee, openingHours };
  }),
);
export type PickupPointInput = z.output<typeof pickupPointSchema>;
export type PickupPointField = keyof typeof fields;
export const pickupPointFields = Object.keys(fields) as PickupPointField[];

/** A point's hours as the form's fields hold them: each day's two times, empty when closed. */
export function openingHoursValues(hours: OpeningHours): Record<DayField, string> {
  return Object.fromEntries(
    weekdays.flatMap((day) => [
      [dayFields(day).opens, hours[day]?.open ?? ""],
      [dayFields(day).closes, hours[day]?.close ?? ""],
    ]),
  ) as Record<DayField, string>;
}
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
