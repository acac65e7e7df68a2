import "server-only";
import { createAuth, type Auth } from "@/lib/auth";
import { authBaseURL } from "@/lib/auth/config";
import { deploymentOrigins, env } from "@/lib/env";
import { authSecret } from "@/lib/secrets";
import { getDb } from "@/lib/server/database";
import { cookieDefaults } from "./cookies";

// Built on first use, once the database is open: `next build` never gets here.
const globalForAuth = globalThis as unknown as { shopAuth?: Promise<Auth> };

/** The shop's Better Auth instance, on the shop's database. */
export function getAuth(): Promise<Auth> {
  globalForAuth.shopAuth ??= getDb()
    .then((db) =>
      createAuth(db, {
        baseURL: authBaseURL(),
        secret: authSecret(),
        cookies: cookieDefaults(),
        otherOrigins: deploymentOrigins(env()),
      }),
    )
    .catch((error) => {
      globalForAuth.shopAuth = undefined;
      throw error;
    });
  return globalForAuth.shopAuth;
}
