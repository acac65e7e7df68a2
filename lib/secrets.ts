import "server-only";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { embeddedDataDir } from "@/lib/db/client";
import { env } from "@/lib/env";

/** Compares a presented secret with the expected one in constant time (both hashed to one length first). */
export function sameSecret(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/** A secret of its own for one purpose, derived from the auth secret, so that no purpose needs a setting of its own. */
export function deriveSecret(purpose: string): string {
  return createHmac("sha256", authSecret()).update(purpose).digest("base64url");
}

/**
 * BETTER_AUTH_SECRET, else a random secret generated on first start and kept in the data
 * directory, so the README's start command needs no configuration and no secret is ever in code.
 */
export function authSecret(): string {
  const configured = env().BETTER_AUTH_SECRET;
  if (configured) return configured;
  const file = path.join(embeddedDataDir(), "auth-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    const secret = randomBytes(32).toString("base64url");
    mkdirSync(path.dirname(file), { recursive: true });
    // "wx": if another process wrote it first, use theirs.
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
      return secret;
    } catch {
      return readFileSync(file, "utf8").trim();
    }
  }
}
