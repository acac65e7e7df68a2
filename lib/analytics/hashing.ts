import "server-only";
import { createHash } from "node:crypto";

// Meta's Conversions API takes contact details only SHA-256 hashed, after normalising them as its
// customer information parameters say: an e-mail address trimmed and in lower case; a phone number
// as digits only, with the country code (Kenya's 254) and without a leading 0 or 00.

/** `' Wanjiru@Example.COM '` → `'wanjiru@example.com'`. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** `'+254 712 345 678'`, `'0712 345 678'`, `'00254712345678'`, `'712345678'` → `'254712345678'`. */
export function normalisePhone(phone: string): string {
  const digits = phone.replace(/\D/g, "").replace(/^00/, "");
  if (digits.startsWith("254")) return digits;
  if (digits.startsWith("0")) return `254${digits.slice(1)}`;
  return digits.length === 9 ? `254${digits}` : digits;
}

/** The lower-case hex SHA-256 of a normalised value. */
export function sha256(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

/** Meta's `user_data`: each detail normalised and hashed, left out when empty. */
export function hashedUserData(contact: { email: string | null; phone: string | null }): { em?: string[]; ph?: string[] } {
  const email = contact.email ? normaliseEmail(contact.email) : "";
  const phone = contact.phone ? normalisePhone(contact.phone) : "";
  return { ...(email ? { em: [sha256(email)] } : {}), ...(phone ? { ph: [sha256(phone)] } : {}) };
}
