import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { signInFailure } from "@/lib/db/schema/auth";

/** Failed sign-ins allowed per window, per account and per client address. */
export const SIGN_IN_LIMITS = { windowMinutes: 15, perAccount: 5, perAddress: 50 } as const;

const windowMs = SIGN_IN_LIMITS.windowMinutes * 60_000;

/** The throttle keys of one attempt: the account's (by e-mail, any case) and the address's. */
export function throttleKeys(email: string, address: string | null) {
  const keys: { key: string; max: number }[] = [{ key: `account:${email.trim().toLowerCase()}`, max: SIGN_IN_LIMITS.perAccount }];
  if (address) keys.push({ key: `address:${address}`, max: SIGN_IN_LIMITS.perAddress });
  return keys;
}

type Keys = ReturnType<typeof throttleKeys>;

/** Whole minutes until a new attempt is allowed, or 0 when it is allowed now. */
export async function minutesUntilAllowed(db: Database, keys: Keys, now = Date.now()): Promise<number> {
  const rows = await db
    .select()
    .from(signInFailure)
    .where(and(inArray(signInFailure.key, keys.map((k) => k.key)), gt(signInFailure.windowStart, now - windowMs)));
  let waitMs = 0;
  for (const row of rows) {
    const max = keys.find((k) => k.key === row.key)?.max ?? Infinity;
    if (row.count >= max) waitMs = Math.max(waitMs, row.windowStart + windowMs - now);
  }
  return Math.ceil(waitMs / 60_000);
}

/** Counts one failure against every key, in one atomic statement per key. */
export async function recordFailure(db: Database, keys: Keys, now = Date.now()): Promise<void> {
  const expired = sql`${signInFailure.windowStart} <= ${now - windowMs}`;
  for (const { key } of keys) {
    await db
      .insert(signInFailure)
      .values({ key, count: 1, windowStart: now })
      .onConflictDoUpdate({
        target: signInFailure.key,
        set: {
          count: sql`case when ${expired} then 1 else ${signInFailure.count} + 1 end`,
          windowStart: sql`case when ${expired} then ${now} else ${signInFailure.windowStart} end`,
        },
      });
  }
}

/** A successful sign-in clears the account's failures (the address's keep counting). */
export async function clearAccountFailures(db: Database, email: string): Promise<void> {
  await db.delete(signInFailure).where(eq(signInFailure.key, throttleKeys(email, null)[0].key));
}
