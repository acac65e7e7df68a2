import { randomInt, randomUUID } from "node:crypto";

// No 0/O, 1/I/L or U: easy to read out over the phone.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
const LENGTH = 7;

/**
 * A new order number such as 'KT-7F3K9QM': 30^7 (about 22 billion) random values, so numbers
 * cannot be enumerated; reading an order still needs its owner's session or cart cookie.
 */
export function newOrderNumber(): string {
  return `KT-${Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("")}`;
}

export function isOrderNumber(value: unknown): value is string {
  return typeof value === "string" && ORDER_NUMBER.test(value);
}

/** A fresh idempotency key for one checkout (the form sends it back with the order). */
export const newIdempotencyKey = () => randomUUID();

/** What placeOrder accepts as an idempotency key: 16 to 100 URL-safe characters. */
export function isIdempotencyKey(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{16,100}$/.test(value);
}

const ORDER_NUMBER = new RegExp(`^KT-[${ALPHABET}]{${LENGTH}}$`);
