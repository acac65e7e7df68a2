import "server-only";
import { and, eq, like, lte, or, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { authThrottle } from "@/lib/db/schema/auth";
import { env } from "@/lib/env";

export type Throttle = { name: string; windowMinutes: number; perAccount: number; perAddress: number };

/** Failed sign-ins allowed per window, per account and per client address. */
export const signInThrottle: Throttle = { name: "sign-in", windowMinutes: 15, perAccount: 5, perAddress: 50 };
/** Password-reset e-mails per window, so nobody can flood a mailbox or the mail server. */
export const resetMailThrottle: Throttle = { name: "reset-mail", windowMinutes: 60, perAccount: 3, perAddress: 30 };

/**
 * Sign-ups, successful or not, so that nobody can list the shop's customers by asking which
 * addresses are taken. Per address a setting (SIGN_UPS_PER_ADDRESS): many shoppers share one
 * address behind a mobile network.
 */
export const signUpThrottle = (): Throttle => ({
  name: "sign-up",
  windowMinutes: 60,
  perAccount: 5,
  perAddress: env().SIGN_UPS_PER_ADDRESS,
});

/** One count: `cost` is what the attempt adds (1 unless it weighs more, as an order's units do). */
export type ThrottleKey = { key: string; max: number; windowMs: number; cost?: number };

/** The keys one attempt counts against: the account's (by e-mail, any case) and the address's. */
export function throttleKeys(throttle: Throttle, email: string, address: string | null): ThrottleKey[] {
  const windowMs = throttle.windowMinutes * 60_000;
  const keys = [{ key: `${throttle.name}:account:${email.trim().toLowerCase()}`, max: throttle.perAccount, windowMs }];
  if (address) keys.push({ key: `${throttle.name}:address:${address}`, max: throttle.perAddress, windowMs });
  return keys;
}

/**
 * Counts an attempt against every key, atomically in the database, and answers the whole minutes
 * to wait when a key was already at its limit (that attempt is then not counted), else 0.
 * Counting first means attempts sent at the same time cannot all slip under the limit.
 */
export async function reserveAttempt(db: Database, keys: ThrottleKey[], now = Date.now()): Promise<number> {
  let waitMs = 0;
  for (const { key, max, windowMs, cost = 1 } of keys) {
    const expired = sql`${authThrottle.windowStart} <= ${now - windowMs}`;
    const [row] = await db
      .insert(authThrottle)
      .values({ key, count: cost, windowStart: now })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          count: sql`case when ${expired} then ${cost}::integer else ${authThrottle.count} + ${cost}::integer end`,
          windowStart: sql`case when ${expired} then ${now} else ${authThrottle.windowStart} end`,
        },
      })
      .returning();
    if (row.count > max) waitMs = Math.max(waitMs, row.windowStart + windowMs - now);
  }
  if (waitMs > 0) await releaseAttempt(db, keys);
  return Math.ceil(waitMs / 60_000);
}

/** Gives a reserved attempt back (a refused one, or a successful sign-in, which is no failure). */
export async function releaseAttempt(db: Database, keys: ThrottleKey[]): Promise<void> {
  for (const { key, cost = 1 } of keys)
    await db
      .update(authThrottle)
      .set({ count: sql`greatest(${authThrottle.count} - ${cost}::integer, 0)` })
      .where(eq(authThrottle.key, key));
}

/** Forgets an account's count (a successful sign-in); the address's keeps counting. */
export async function clearAccount(db: Database, throttle: Throttle, email: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, throttleKeys(throttle, email, null)[0].key));
}

/**
 * Deletes the counts whose window has ended: they would start again from zero anyway, and their
 * keys hold shoppers' e-mail addresses and client addresses, kept no longer than needed. The
 * sign-in, reset-mail and sign-up counts end within an hour; every other count (checkout's, the
 * texts', campaign visits) is kept for the longest window any of them uses, a day or pay on
 * delivery's window: forgetting them after an hour reset their daily limits every hour.
 */
export async function forgetEndedAttempts(db: Database, now = Date.now()): Promise<{ forgotten: number }> {
  const throttles = [signInThrottle, resetMailThrottle, signUpThrottle()];
  const authWindowMs = Math.max(...throttles.map((throttle) => throttle.windowMinutes)) * 60_000;
  const longestWindowMs = Math.max(86_400_000, env().PAY_ON_DELIVERY_WINDOW_HOURS * 3_600_000);
  const authKey = or(...throttles.map((throttle) => like(authThrottle.key, `${throttle.name}:%`)));
  const ended = await db
    .delete(authThrottle)
    .where(
      or(and(authKey, lte(authThrottle.windowStart, now - authWindowMs)), lte(authThrottle.windowStart, now - longestWindowMs)),
    )
    .returning({ key: authThrottle.key });
  return { forgotten: ended.length };
}
