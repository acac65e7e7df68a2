import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { embeddedDataDir } from "@/lib/db/client";
import { site } from "@/lib/site";
import { env } from "@/lib/env";

/** The address the browser uses, read at run time so one build serves any host and port. */
export function authBaseURL(): string {
  return (env().BETTER_AUTH_URL ?? site.url).replace(/\/$/, "");
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
