import { createHash, randomBytes } from "node:crypto";

/**
 * Whose cart: a signed-in user's (the id comes from the session, never from the request
 * body) or a guest's, identified by the random token of their HttpOnly cart cookie.
 */
export type CartOwner = { userId: string } | { guestToken: string };

/** A fresh guest token for the cart cookie: 256 random bits, base64url. */
export function newGuestToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Whether a cookie value has the shape of a guest token (anything else is ignored). */
export function isGuestToken(value: unknown): value is string {
  return typeof value === "string" && GUEST_TOKEN.test(value);
}

/** Only this hash is stored, so a leaked database gives no usable cookie. */
export function hashGuestToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** What carts and orders store about an owner; null for a malformed guest token or empty user id. */
export type OwnerKey = { userId: string; guestTokenHash: null } | { userId: null; guestTokenHash: string };

export function ownerKey(owner: CartOwner): OwnerKey | null {
  if ("userId" in owner)
    return typeof owner.userId === "string" && owner.userId !== "" ? { userId: owner.userId, guestTokenHash: null } : null;
  return isGuestToken(owner.guestToken) ? { userId: null, guestTokenHash: hashGuestToken(owner.guestToken) } : null;
}

const GUEST_TOKEN = /^[A-Za-z0-9_-]{43}$/;
