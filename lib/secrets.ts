import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** A secret for one purpose, derived from the shop's root secret, so that no two purposes share a key. */
export const deriveSecret = (root: string, purpose: string) => createHmac("sha256", root).update(purpose).digest("base64url");

/** Compares a presented secret with the expected one in constant time (both hashed to one length first). */
export function sameSecret(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
