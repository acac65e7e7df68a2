import "server-only";
import { isAPIError } from "better-auth/api";
import { and, eq, lt } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { session } from "@/lib/db/schema/auth";
import type { Auth } from "./index";

/**
 * Turns the second factor on with the first code from the app, and ends every session the account
 * had until then: another browser signed in with the password alone must not keep the back office.
 * Better Auth gives the browser that set it up a new session. False for a wrong code.
 */
export async function turnOnTotp(
  db: Database,
  auth: Auth,
  input: { userId: string; code: string; headers: Headers },
): Promise<boolean> {
  const started = new Date();
  try {
    await auth.api.verifyTOTP({ body: { code: input.code }, headers: input.headers });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    return false;
  }
  await db.delete(session).where(and(eq(session.userId, input.userId), lt(session.createdAt, started)));
  return true;
}
