import { isValidEmail } from "@/lib/auth/account-rules";
import { normalisePhone, PHONE_REGEX } from "@/lib/checkout/delivery-details";
import type { ShopperContact } from "@/lib/db/values";
import { CONTACT_MAX_LENGTH } from "./contact-rules";

/** A typed phone or e-mail address as a ShopperContact, or null when it is neither. */
export function parseContact(value: unknown): ShopperContact | null {
  if (typeof value !== "string" || value.length > CONTACT_MAX_LENGTH) return null;
  const typed = value.trim();
  if (typed.includes("@")) return isValidEmail(typed) ? { contact: typed.toLowerCase(), channel: "email" } : null;
  return PHONE_REGEX.test(typed) ? { contact: normalisePhone(typed), channel: "sms" } : null;
}

/** An order's or account's phone and e-mail address, those that are set and valid. */
export function contactsOf(details: { phone?: string | null; email?: string | null }): ShopperContact[] {
  return [details.phone, details.email].map(parseContact).filter((contact) => contact !== null);
}
