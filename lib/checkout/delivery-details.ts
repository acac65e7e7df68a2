/**
 * The checkout's delivery-details rules and messages, shared by the form (maxLength,
 * pattern, required) and the server (validateDelivery again). Framework-free on purpose.
 */
import { z } from "zod";
import { isValidEmail, messages as accountMessages } from "@/lib/auth/account-rules";
import { fieldErrorsOf, parseFormValues } from "@/lib/core/form-schema";
import { optionalKraPinSchema } from "@/lib/tax/kra-pin";
import { isCounty, type County } from "./counties";

export const deliveryFields = ["fullName", "phone", "email", "county", "town", "street", "notes"] as const;
export type DeliveryField = (typeof deliveryFields)[number];

export const DELIVERY_MAX_LENGTH: Record<DeliveryField, number> = {
  fullName: 100,
  phone: 20,
  email: 254,
  county: 40,
  town: 80,
  street: 200,
  notes: 500,
};

export const deliveryMessages: Record<DeliveryField, string> = {
  fullName: "Enter your full name (up to 100 characters).",
  phone: "Enter a Kenyan phone number, like 0712 345 678 or +254 712 345 678.",
  email: accountMessages.email,
  county: "Choose your county.",
  town: "Enter your town (up to 80 characters).",
  street: "Enter your street or building (up to 200 characters).",
  notes: "Keep delivery notes to 500 characters or fewer.",
};

/**
 * A Kenyan mobile number: 07…, 01…, 2547…, +2541… with nine digits after the prefix,
 * spaces allowed. For the `pattern` attribute (browsers anchor it and use the `v` flag).
 */
export const PHONE_PATTERN = "\\s*(?:\\+254|254|0)\\s*[17](?:\\s*[0-9]){8}\\s*";

/** Delivery details as typed, one value per field (form values or JSON; anything else is treated as empty). */
export type DeliveryInput = Partial<Record<DeliveryField, unknown>>;

/** Valid delivery details: trimmed, the phone as +254XXXXXXXXX. */
export type Delivery = {
  fullName: string;
  phone: string;
  email: string;
  county: County;
  town: string;
  street: string;
  notes: string;
};

export type DeliveryErrors = Partial<Record<DeliveryField, string>>;

/**
 * The delivery details' rules: each field's own message; valid details come out trimmed, the phone
 * as +254XXXXXXXXX. Phone-first (`emailOptional`, when the shop can text): the e-mail address may
 * be left empty (stored as ''), since the order's link and news go to the phone.
 */
function deliverySchemaFor(emailOptional: boolean) {
  return z
    .object(
      Object.fromEntries(deliveryFields.map((field) => [field, fieldRule(field, emailOptional && field === "email")])) as Record<
        DeliveryField,
        ReturnType<typeof fieldRule>
      >,
    )
    .transform((details): Delivery => ({ ...details, phone: normalisePhone(details.phone), county: details.county as County }));
}
export const deliverySchema = deliverySchemaFor(false);
export const phoneFirstDeliverySchema = deliverySchemaFor(true);

/** Every field's error message; empty when the details are valid. */
export const validateDelivery = fieldErrorsOf<DeliveryField>(deliverySchema);
export const validatePhoneFirstDelivery = fieldErrorsOf<DeliveryField>(phoneFirstDeliverySchema);

/** The cleaned details, or every field's error. */
export function parseDelivery(
  input: DeliveryInput,
  options: { emailOptional?: boolean } = {},
): { ok: true; delivery: Delivery } | { ok: false; errors: DeliveryErrors } {
  const schema = options.emailOptional ? phoneFirstDeliverySchema : deliverySchema;
  const parsed = parseFormValues<Delivery, DeliveryField>(schema, input);
  return parsed.ok ? { ok: true, delivery: parsed.data } : parsed;
}

/** The whole checkout form: the delivery details and the buyer's KRA PIN for their tax invoice (optional). */
export const checkoutFields = [...deliveryFields, "buyerPin"] as const;
export type CheckoutField = (typeof checkoutFields)[number];
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

/** The checkout's rules, shared by the form and the server: the delivery details' and the PIN's (lib/tax/kra-pin.ts). */
const checkoutSchemaFor = (emailOptional: boolean) =>
  deliverySchemaFor(emailOptional).and(z.object({ buyerPin: optionalKraPinSchema }));
export const checkoutSchema = checkoutSchemaFor(false);
export const phoneFirstCheckoutSchema = checkoutSchemaFor(true);

/** Every checkout field's error message; empty when the form is valid. */
export const validateCheckout = fieldErrorsOf<CheckoutField>(checkoutSchema);
export const validatePhoneFirstCheckout = fieldErrorsOf<CheckoutField>(phoneFirstCheckoutSchema);

/** The cleaned delivery details and PIN (null when none was given), or every field's error. */
export function parseCheckout(
  input: Partial<Record<CheckoutField, unknown>>,
  options: { emailOptional?: boolean } = {},
): { ok: true; delivery: Delivery; buyerPin: string | null } | { ok: false; errors: CheckoutErrors } {
  const schema = options.emailOptional ? phoneFirstCheckoutSchema : checkoutSchema;
  const parsed = parseFormValues<Delivery & { buyerPin: string | null }, CheckoutField>(schema, input);
  if (!parsed.ok) return parsed;
  const { buyerPin, ...delivery } = parsed.data;
  return { ok: true, delivery, buyerPin };
}

/** A field as typed (anything but a string reads as empty), checked by its rule (an optional one may be empty), then trimmed. */
function fieldRule(field: DeliveryField, optional = false) {
  return z.preprocess(
    text,
    z
      .string()
      .refine((raw) => (optional && raw.trim() === "") || isValidField(field, raw), deliveryMessages[field])
      .transform((raw) => raw.trim()),
  );
}

/** '0712 345 678' -> '+254712345678'. Expects a number that passed the phone rule. */
export function normalisePhone(phone: string): string {
  return `+254${phone.replace(/\s/g, "").slice(-9)}`;
}

/** PHONE_PATTERN as the server checks it (also by 'Find your order'). */
export const PHONE_REGEX = new RegExp(`^(?:${PHONE_PATTERN})$`, "v");
// Control characters (NUL included, which PostgreSQL refuses in text) never belong in an address;
// notes may span lines.
const CONTROL = /[\u0000-\u001f\u007f]/;
const CONTROL_EXCEPT_NEWLINES = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/;

function isValidField(field: DeliveryField, raw: string): boolean {
  const value = raw.trim();
  if (raw.length > DELIVERY_MAX_LENGTH[field]) return false;
  if (field === "notes") return !CONTROL_EXCEPT_NEWLINES.test(value);
  if (value === "" || CONTROL.test(value)) return false;
  if (field === "phone") return PHONE_REGEX.test(raw);
  if (field === "email") return isValidEmail(value);
  if (field === "county") return isCounty(value);
  return true;
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}
