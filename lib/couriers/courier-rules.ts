/**
 * A courier as admins add and edit it, and a parcel's courier and waybill as staff record them at
 * dispatch: the forms' rules and messages, shared by the browser and the server. Framework-free.
 * Names, waybills and offices go into the dispatch SMS, so they keep to GSM-7's basic characters
 * and to lengths with which that text still fits one message (shipment-words.ts).
 */
import * as z from "zod/mini";
import { addIssue, fieldErrorsOf, preprocess, type FieldErrors } from "@/lib/core/form-schema";
import { parseWholeNumber } from "@/lib/core/whole-number";
import { courierHandovers, type CourierHandover } from "@/lib/db/values";
import { smsLength } from "@/lib/sms/gsm";

export const COURIER_MAX_LENGTH = { name: 30, phone: 20, trackingUrl: 300, waybill: 30, office: 40 } as const;

/** Where a tracking page's address takes the waybill. */
export const WAYBILL_PLACEHOLDER = "{waybill}";

export const handoverLabels: Record<CourierHandover, string> = {
  office: "Collected at the courier's office",
  door: "Brought to the door",
};

export const courierMessages = {
  name: `Enter the courier's name, up to ${COURIER_MAX_LENGTH.name} plain letters, digits and spaces.`,
  handover: "Choose how the shopper receives the parcel.",
  phone: "Enter a phone number of digits, spaces and a leading +, or leave it empty.",
  trackingUrl: `Enter an https:// address with ${WAYBILL_PLACEHOLDER} where the waybill goes, or leave it empty.`,
  nameTaken: "Another courier has this name.",
  courier: "Choose who carries the parcel.",
  waybill: `Enter the waybill number: ${COURIER_MAX_LENGTH.waybill} letters, digits or dashes at most.`,
  office: `Keep the office to ${COURIER_MAX_LENGTH.office} plain letters, digits and spaces.`,
  unknownCourier: "That courier is no longer offered. Reload the page.",
} as const;

export type CourierInput = { name: string; handover: CourierHandover; phone: string; trackingUrl: string };
export const courierFields = ["name", "handover", "phone", "trackingUrl"] as const;
export type CourierField = (typeof courierFields)[number];

export const courierSchema = z.object({
  name: plainText(COURIER_MAX_LENGTH.name, courierMessages.name, true),
  handover: z.enum(courierHandovers, { error: courierMessages.handover }),
  phone: preprocess(trimmed, z.string().check(z.regex(/^(\+?[0-9 ]{6,20})?$/, courierMessages.phone))),
  trackingUrl: preprocess(trimmed, z.string().check(z.refine(isTrackingUrl, courierMessages.trackingUrl))),
});
export const courierErrors = fieldErrorsOf<CourierField>(courierSchema);
export type CourierErrors = FieldErrors<CourierField>;

/** The shipment as staff post it at dispatch or correct it: the courier (by id), its waybill and the office. */
export type ShipmentInput = { courierId: number; waybill: string; office: string };
export const shipmentFields = ["courierId", "waybill", "office"] as const;
export type ShipmentField = (typeof shipmentFields)[number];

export const shipmentSchema = z.object({
  courierId: preprocess(
    (value) => parseWholeNumber(value, { min: 1, max: 2_147_483_647 }),
    z.number({ error: courierMessages.courier }),
  ),
  waybill: preprocess(
    (value) => trimmed(value).toUpperCase(),
    z.string().check(z.regex(new RegExp(`^[A-Z0-9-]{0,${COURIER_MAX_LENGTH.waybill}}$`), courierMessages.waybill)),
  ),
  office: plainText(COURIER_MAX_LENGTH.office, courierMessages.office, false),
});
export const shipmentErrors = fieldErrorsOf<ShipmentField>(shipmentSchema);

/** A courier's waybill is required; the rider's parcel has none. */
export function waybillProblem(kind: "rider" | "courier", waybill: string): string | null {
  return kind === "courier" && waybill === "" ? courierMessages.waybill : null;
}

/** The courier's tracking page for this waybill, or null where it publishes none. */
export function trackingLink(trackingUrl: string, waybill: string): string | null {
  if (!trackingUrl || !waybill) return null;
  return trackingUrl.replace(WAYBILL_PLACEHOLDER, encodeURIComponent(waybill));
}

function isTrackingUrl(value: string): boolean {
  if (value === "") return true;
  if (!value.includes(WAYBILL_PLACEHOLDER) || value.length > COURIER_MAX_LENGTH.trackingUrl) return false;
  try {
    return new URL(value.replace(WAYBILL_PLACEHOLDER, "X")).protocol === "https:";
  } catch {
    return false;
  }
}

/** Text of GSM-7's basic characters (one unit each: no curly quotes, no extension characters), trimmed, up to `max`. */
function plainText(max: number, message: string, required: boolean) {
  return z.pipe(
    preprocess(trimmed, z.string()),
    z.transform((value, context) => {
      const length = smsLength(value);
      const plain = length.encoding === "GSM-7" && length.units === value.length && !/[\n\r]/.test(value);
      if (!plain || value.length > max || (required && value === "")) addIssue(context, message);
      return value;
    }),
  );
}

function trimmed(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}
