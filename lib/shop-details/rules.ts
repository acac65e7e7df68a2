/** The back office's 'Shop details' form: its rules and messages, shared by the browser and the server. */
import * as z from "zod/mini";
import { isValidEmail } from "@/lib/auth/account-rules";
import { fieldErrorsOf, preprocess } from "@/lib/core/form-schema";
import type { ShopDetails } from "@/lib/site";

export const SHOP_DETAILS_MAX_LENGTH = {
  phone: 20,
  whatsapp: 20,
  email: 120,
  street: 120,
  city: 60,
  hours: 120,
  instagram: 200,
  facebook: 200,
  x: 200,
} as const;

/** A phone number as shoppers dial it: digits and spaces, with an optional leading +. */
export const PHONE_PATTERN = "\\+?[0-9 ]{7,20}";
const PHONE_REGEX = new RegExp(`^(?:${PHONE_PATTERN})$`);

const phoneMessage = "Enter a phone number of digits and spaces, like +254 712 345 678.";
const linkMessage = (site: string) => `Enter the full address of the shop's ${site} page (https://…), or leave it empty.`;

export const shopDetailsMessages = {
  phone: phoneMessage,
  whatsapp: phoneMessage,
  email: "Enter the e-mail address shoppers write to.",
  street: `Enter the street and building (up to ${SHOP_DETAILS_MAX_LENGTH.street} characters).`,
  city: `Enter the town or city (up to ${SHOP_DETAILS_MAX_LENGTH.city} characters).`,
  hours: `Enter the opening hours (up to ${SHOP_DETAILS_MAX_LENGTH.hours} characters).`,
  instagram: linkMessage("Instagram"),
  facebook: linkMessage("Facebook"),
  x: linkMessage("X"),
} as const satisfies Record<keyof ShopDetails, string>;

/** The details as an admin types them; a social link left empty is null (no account there). */
export const shopDetailsSchema = z.object({
  phone: text("phone", (value) => PHONE_REGEX.test(value)),
  whatsapp: text("whatsapp", (value) => PHONE_REGEX.test(value)),
  email: text("email", isValidEmail),
  street: text("street"),
  city: text("city"),
  hours: text("hours"),
  instagram: link("instagram"),
  facebook: link("facebook"),
  x: link("x"),
});
export type ShopDetailsField = keyof z.input<typeof shopDetailsSchema>;
export const shopDetailsFields = Object.keys(shopDetailsSchema.shape) as ShopDetailsField[];
export const shopDetailsErrors = fieldErrorsOf<ShopDetailsField>(shopDetailsSchema);

function text(field: keyof ShopDetails, valid: (value: string) => boolean = () => true) {
  const message = shopDetailsMessages[field];
  return preprocess(
    trimmed,
    z.string().check(
      z.minLength(1, message),
      z.maxLength(SHOP_DETAILS_MAX_LENGTH[field], message),
      z.refine((value) => !/[\u0000-\u001f\u007f]/.test(value) && valid(value), message),
    ),
  );
}

function link(field: "instagram" | "facebook" | "x") {
  const message = shopDetailsMessages[field];
  return preprocess(
    (value) => trimmed(value) || null,
    z.nullable(
      z.string().check(
        z.maxLength(SHOP_DETAILS_MAX_LENGTH[field], message),
        z.refine((value) => URL.canParse(value) && new URL(value).protocol === "https:", message),
      ),
    ),
  );
}

function trimmed(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}
