import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { authThrottle } from "@/lib/db/schema/auth";

export type Throttle = { name: string; windowMinutes: number; perAccount: number; perAddress: number };

/** Failed sign-ins allowed per window, per account and per client address. */
export const signInThrottle: Throttle = { name: "sign-in", windowMinutes: 15, perAccount: 5, perAddress: 50 };
/** Password-reset e-mails per window, so nobody can flood a mailbox or the mail server. */
export const resetMailThrottle: Throttle = { name: "reset-mail", windowMinutes: 60, perAccount: 3, perAddress: 30 };

type Key = { key: string; max: number; windowMs: number };

/** The keys one attempt counts against: the account's (by e-mail, any case) and the address's. */
export function throttleKeys(throttle: Throttle, email: string, address: string | null): Key[] {
  const windowMs = throttle.windowMinutes * 60_000;
  const keys = [{ key: `${throttle.name}:account:${email.trim().toLowerCase()}`, max: throttle.perAccount, windowMs }];
  if (address) keys.push({ key: `${throttle.name}:address:${address}`, max: throttle.perAddress, windowMs });
  return keys;
}

/** Whole minutes until a new attempt is allowed, or 0 when it is allowed now. */
export async function minutesUntilAllowed(db: Database, keys: Key[], now = Date.now()): Promise<number> {
  const rows = await db.select().from(authThrottle).where(inArray(authThrottle.key, keys.map((k) => k.key)));
  let waitMs = 0;
  for (const row of rows) {
    const { max, windowMs } = keys.find((k) => k.key === row.key)!;
    const endsAt = row.windowStart + windowMs;
    if (row.count >= max && endsAt > now) waitMs = Math.max(waitMs, endsAt - now);
  }
  return Math.ceil(waitMs / 60_000);
}

/** Counts one attempt against every key, in one atomic statement per key. */
export async function recordAttempt(db: Database, keys: Key[], now = Date.now()): Promise<void> {
  for (const { key, windowMs } of keys) {
    const expired = sql`${authThrottle.windowStart} <= ${now - windowMs}`;
    await db
      .insert(authThrottle)
      .values({ key, count: 1, windowStart: now })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          count: sql`case when ${expired} then 1 else ${authThrottle.count} + 1 end`,
          windowStart: sql`case when ${expired} then ${now} else ${authThrottle.windowStart} end`,
        },
      });
  }
}

/** Forgets an account's count (a successful sign-in); the address's keeps counting. */
export async function clearAccount(db: Database, throttle: Throttle, email: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, throttleKeys(throttle, email, null)[0].key));
}
