import "server-only";
import { randomInt, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { reserveAttempt } from "@/lib/auth/throttle";
import type { Database } from "@/lib/db";
import { analyticsConsents, orderAnalytics } from "@/lib/db/schema";
import { analyticsChoices, type AnalyticsChoice } from "@/lib/db/values";
import { consentWording, readConsentCookie } from "./consent-rules";

/** The banner's answer as posted: a choice, nothing else; the id, time and wording version are the shop's own. */
const consentPostSchema = z.object({ choice: z.enum(analyticsChoices) });

/** The choice a posted body holds (JSON `{"choice": "accepted"}`); null for anything else. */
export function parseConsentPost(body: string): AnalyticsChoice | null {
  try {
    const parsed = consentPostSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data.choice : null;
  } catch {
    return null;
  }
}

/** Answers one client address may record in an hour: enough for a household or an office, too few to fill the table. */
export const CONSENTS_PER_ADDRESS_PER_HOUR = 30;

/** The most a consent post's body may hold. */
export const CONSENT_BODY_MAX_BYTES = 256;

export type RecordedConsent = { ok: true; id: string } | { ok: false; reason: "throttled" };

/**
 * Stores an answer to the banner with a random id (which the shopper's cookie keeps), its time and
 * the wording's version. Counted per client address first, so nobody can make the shop store rows
 * without end; nothing the visitor wrote is stored.
 */
export async function recordConsent(
  db: Database,
  choice: AnalyticsChoice,
  clientAddress: string | null,
): Promise<RecordedConsent> {
  if (clientAddress) {
    const key = { key: `analytics-consent:address:${clientAddress}`, max: CONSENTS_PER_ADDRESS_PER_HOUR, windowMs: 3_600_000 };
    if ((await reserveAttempt(db, [key])) > 0) return { ok: false, reason: "throttled" };
  }
  const id = randomUUID();
  await db.insert(analyticsConsents).values({ id, choice, wordingVersion: consentWording.version });
  return { ok: true, id };
}

/** What a checkout knows of the shopper's analytics: their consent cookie and GA4's `_ga` cookie, as sent. */
export type CheckoutAnalytics = { consentCookie: string | undefined; gaCookie: string | undefined };

/**
 * Links a new order to the shopper's consent, in the checkout's transaction: only when the cookie
 * names a stored record that accepted. The GA4 client id is the `_ga` cookie's (GA1.1.<id>), else a
 * new one. Without a link the order's purchase is reported to nobody.
 */
export async function linkOrderToConsent(tx: Database, orderId: number, analytics: CheckoutAnalytics): Promise<boolean> {
  const answer = readConsentCookie(analytics.consentCookie);
  if (!answer?.accepted || !answer.id) return false;
  const [consent] = await tx
    .select({ id: analyticsConsents.id })
    .from(analyticsConsents)
    .where(and(eq(analyticsConsents.id, answer.id), eq(analyticsConsents.choice, "accepted")));
  if (!consent) return false;
  await tx.insert(orderAnalytics).values({ orderId, consentId: consent.id, gaClientId: gaClientId(analytics.gaCookie) });
  return true;
}

/** GA4's client id from its `_ga` cookie (`GA1.1.123456789.1700000000` → `123456789.1700000000`), else a fresh one of that form. */
export function gaClientId(gaCookie: string | undefined): string {
  const match = /^GA\d\.\d+\.(\d{1,20}\.\d{1,12})$/.exec(gaCookie ?? "");
  if (match) return match[1];
  return `${randomInt(1, 2_000_000_000)}.${Math.floor(Date.now() / 1000)}`;
}
