// The shapes Daraja expects: its password, its timestamp and its phone numbers. Framework-free.

/** Daraja's `Password`: base64 of shortcode + passkey + timestamp. */
export function darajaPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`).toString("base64");
}

/** Daraja's `Timestamp`, YYYYMMDDHHmmss in Nairobi time (UTC+3 all year, no daylight saving), whatever the server's zone. */
export function darajaTimestamp(at: Date): string {
  return new Date(at.getTime() + 3 * 3600_000).toISOString().replace(/\D/g, "").slice(0, 14);
}

/**
 * A Kenyan mobile number as Daraja takes it, 2547XXXXXXXX or 2541XXXXXXXX, from what a shopper
 * types: 07…, 01…, +254… or 254…, with spaces. Anything else is null.
 */
export function mpesaPhone(input: unknown): string | null {
  if (typeof input !== "string" || input.length > 30) return null;
  const digits = input.replace(/[\s-]/g, "");
  const match = /^(?:\+?254|0)([17]\d{8})$/.exec(digits);
  return match ? `254${match[1]}` : null;
}

/** '254712345678' -> '0712 345 678', as shoppers write it. */
export function displayPhone(phone: string): string {
  const local = `0${phone.slice(3)}`;
  return `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}`;
}
