/**
 * The checkout's delivery-details rules and messages, shared by the form (maxLength,
 * pattern, required) and the server (validateDelivery again). Framework-free on purpose.
 */
import * as z from "zod/mini";
import { isValidEmail, messages as accountMessages } from "@/lib/auth/account-rules";
import { fieldErrorsOf, parseFormValues, preprocess } from "@/lib/core/form-schema";
import { parseWholeNumber } from "@/lib/core/whole-number";
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
  return z.pipe(
    z.object(deliveryRules(emailOptional)),
    z.transform((details): Delivery => ({ ...details, phone: normalisePhone(details.phone), county: details.county as County })),
  );
}
export const deliverySchema = deliverySchemaFor(false);

/** Each delivery field's rule (the e-mail's optional when `emailOptional`). */
function deliveryRules(emailOptional: boolean) {
  return Object.fromEntries(
    deliveryFields.map((field) => [field, fieldRule(field, emailOptional && field === "email")]),
  ) as Record<DeliveryField, ReturnType<typeof fieldRule>>;
}
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

/**
 * How the order reaches the shopper, and (pickup) the point chosen: radio buttons, checked here like
 * the rest; and (delivery by courier) the town or office where the shopper will collect it, optional.
 */
export const fulfilmentFields = ["fulfilment", "pickupPoint", "collectAt"] as const;

export const COLLECT_AT_MAX_LENGTH = 40;
export const collectAtMessage = `Keep the town or office to ${COLLECT_AT_MAX_LENGTH} characters.`;
const collectAtRule = preprocess(
  text,
  z.pipe(
    z.string().check(z.refine((raw) => raw.length <= COLLECT_AT_MAX_LENGTH && !CONTROL.test(raw), collectAtMessage)),
    z.transform((raw) => raw.trim()),
  ),
);

/** The whole checkout form: the delivery details, delivery or pickup, and the buyer's KRA PIN for their tax invoice (optional). */
export const checkoutFields = [...deliveryFields, ...fulfilmentFields, "buyerPin"] as const;
export type CheckoutField = (typeof checkoutFields)[number];
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;
/** The checkout form's values as sent (anything else about them is checked here). */
export type CheckoutInput = Partial<Record<Exclude<CheckoutField, "buyerPin">, unknown>>;

export const pickupPointMessage = "Choose where you will pick up your order.";

/** Who the order is for and how to reach them: what pickup asks for (the delivery details but the address). */
export type Contact = Omit<Delivery, AddressField>;
/** Delivered to the address given, or picked up at a pickup point (by its id; lib/checkout/pickup-points.ts). */
export type Fulfilment =
  { kind: "delivery"; address: Pick<Delivery, AddressField>; collectAt: string } | { kind: "pickup"; pointId: number };

const addressFields = ["county", "town", "street"] as const;
type AddressField = (typeof addressFields)[number];

/**
 * The checkout's rules, shared by the form and the server: the delivery details' (the address only
 * for delivery: pickup neither checks nor keeps it), the pickup point's, and the PIN's (lib/tax/kra-pin.ts).
 * Anything but 'pickup' is delivery, the form's default.
 */
function checkoutSchemaFor(emailOptional: boolean) {
  const rules = deliveryRules(emailOptional);
  const contactRules = Object.fromEntries(
    deliveryFields.filter((field) => !(addressFields as readonly string[]).includes(field)).map((field) => [field, rules[field]]),
  ) as Record<Exclude<DeliveryField, AddressField>, (typeof rules)[DeliveryField]>;
  const pointId = preprocess(
    (value) => parseWholeNumber(value, { min: 1, max: 2_147_483_647 }),
    z.number({ error: pickupPointMessage }),
  );
  return preprocess(
    (input) => ({
      ...(input as object),
      fulfilment: (input as { fulfilment?: unknown })?.fulfilment === "pickup" ? "pickup" : "delivery",
    }),
    z.pipe(
      z.discriminatedUnion("fulfilment", [
        z.object({ fulfilment: z.literal("delivery"), ...rules, collectAt: collectAtRule, buyerPin: optionalKraPinSchema }),
        z.object({ fulfilment: z.literal("pickup"), ...contactRules, pickupPoint: pointId, buyerPin: optionalKraPinSchema }),
      ]),
      z.transform((form): CheckoutDetails => {
        const { fullName, phone, email, notes, buyerPin } = form;
        const contact = { fullName, phone: normalisePhone(phone), email, notes };
        const fulfilment: Fulfilment =
          form.fulfilment === "pickup"
            ? { kind: "pickup", pointId: form.pickupPoint }
            : {
                kind: "delivery",
                address: { county: form.county as County, town: form.town, street: form.street },
                collectAt: form.collectAt,
              };
        return { contact, fulfilment, buyerPin };
      }),
    ),
  );
}
export const checkoutSchema = checkoutSchemaFor(false);
export const phoneFirstCheckoutSchema = checkoutSchemaFor(true);

/** A valid checkout: whom to reach, how the order reaches them, and the buyer's PIN (null when none was given). */
export type CheckoutDetails = { contact: Contact; fulfilment: Fulfilment; buyerPin: string | null };

/** Every checkout field's error message; empty when the form is valid. */
export const validateCheckout = fieldErrorsOf<CheckoutField>(checkoutSchema);
export const validatePhoneFirstCheckout = fieldErrorsOf<CheckoutField>(phoneFirstCheckoutSchema);

/** The cleaned checkout, or every field's error. */
export function parseCheckout(
  input: Partial<Record<CheckoutField, unknown>>,
  options: { emailOptional?: boolean } = {},
): ({ ok: true } & CheckoutDetails) | { ok: false; errors: CheckoutErrors } {
  const schema = options.emailOptional ? phoneFirstCheckoutSchema : checkoutSchema;
  const parsed = parseFormValues<CheckoutDetails, CheckoutField>(schema, input);
  return parsed.ok ? { ok: true, ...parsed.data } : parsed;
}

/** A field as typed (anything but a string reads as empty), checked by its rule (an optional one may be empty), then trimmed. */
function fieldRule(field: DeliveryField, optional = false) {
  return preprocess(
    text,
    z.pipe(
      z.string().check(z.refine((raw) => (optional && raw.trim() === "") || isValidField(field, raw), deliveryMessages[field])),
      z.transform((raw) => raw.trim()),
    ),
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
