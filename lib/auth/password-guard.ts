import "server-only";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { signInAddresses } from "@/lib/db/schema/auth";
import { clearAccount, releaseAttempt, reserveAttempt, signInThrottle, throttleKeys } from "./throttle";

/** How long an address where the owner signed in stays their usual one. */
export const USUAL_ADDRESS_DAYS = 90;

/**
 * Reserves one password check (sign-in, password change, second-factor setup: one budget for
 * all) and answers the minutes to wait, or 0 to go ahead. Wrong passwords count per client
 * address and per account, as sign-in always did. When the account is at its limit, an address
 * where it signed in successfully within USUAL_ADDRESS_DAYS still gets through (its own limit
 * still holds): so an attacker elsewhere cannot keep an admin out by failing five times every
 * fifteen minutes, while guesses from anywhere else still stop at the account's limit.
 */
export async function reservePasswordCheck(db: Database, email: string, address: string | null, now = Date.now()) {
  const [accountKey, addressKey] = throttleKeys(signInThrottle, email, address);
  if (addressKey) {
    const wait = await reserveAttempt(db, [addressKey], now);
    if (wait) return wait;
  }
  const wait = await reserveAttempt(db, [accountKey], now);
  if (wait === 0 || (address && (await isUsualAddress(db, email, address, now)))) return 0;
  if (addressKey) await releaseAttempt(db, [addressKey]);
  return wait;
}

/** The password was right: the attempt is no failure, the account's count starts again, and the address is its owner's. */
export async function passwordCheckSucceeded(db: Database, email: string, address: string | null): Promise<void> {
  await releaseAttempt(db, throttleKeys(signInThrottle, email, address));
  await clearAccount(db, signInThrottle, email);
  if (!address) return;
  await db
    .insert(signInAddresses)
    .values({ email: normalised(email), address })
    .onConflictDoUpdate({ target: [signInAddresses.email, signInAddresses.address], set: { lastSignInAt: sql`now()` } });
}

async function isUsualAddress(db: Database, email: string, address: string, now: number): Promise<boolean> {
  const since = new Date(now - USUAL_ADDRESS_DAYS * 24 * 60 * 60_000);
  const found = await db
    .select({ address: signInAddresses.address })
    .from(signInAddresses)
    .where(
      and(
        eq(signInAddresses.email, normalised(email)),
        eq(signInAddresses.address, address),
        gt(signInAddresses.lastSignInAt, since),
      ),
    );
  return found.length > 0;
}

const normalised = (email: string) => email.trim().toLowerCase();
