import "server-only";
import { createHmac } from "node:crypto";
import { and, count, eq, exists, inArray, isNull, notInArray, or, sql } from "drizzle-orm";
import { authBaseURL } from "@/lib/auth/config";
import type { Database } from "@/lib/db";
import { marketingConsents, orders, payments } from "@/lib/db/schema";
import { parseContact } from "./contact";
import type { ConsentSource, ShopperContact, ContactChannel } from "@/lib/db/values";
import { parseId } from "@/lib/core/ids";
import { deriveSecret, sameSecret } from "@/lib/secrets";

// Marketing consent (Data Protection Act 2019): given by ticking a box (checkout, account), withdrawn
// from the account or with one tap on a message's stop link, without signing in. Every marketing
// message asks hasConsent when it is sent, so a withdrawal takes effect at once.

/**
 * The account's phone and e-mail address as far as its holder has proven them, the only ones its
 * consent may give or withdraw: the address once verified, the phone once one of the account's
 * orders to it was paid or confirmed by staff, or paid from it by M-Pesa. Anybody may type a
 * stranger's number into a profile; that must neither withdraw nor give the stranger's consent.
 */
export async function provenContacts(
  db: Database,
  account: { id: string; email: string; emailVerified: boolean; phone: string },
): Promise<ShopperContact[]> {
  const email = parseContact(account.email);
  const phone = parseContact(account.phone);
  const proven: ShopperContact[] = [];
  if (account.emailVerified && email?.channel === "email") proven.push(email);
  if (phone?.channel === "sms" && (await isPhoneProven(db, account.id, phone.contact))) proven.push(phone);
  return proven;
}

/** Whether an order of the account to `phone` was paid or confirmed, or one of its payments came from it. */
async function isPhoneProven(db: Database, userId: string, phone: string): Promise<boolean> {
  const paid = db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orders.id),
        eq(payments.status, "paid"),
        // M-Pesa writes the paying phone without its '+'.
        or(eq(orders.phone, phone), eq(payments.phone, phone.replace(/^\+/, ""))),
      ),
    );
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        or(exists(paid), and(eq(orders.phone, phone), notInArray(orders.status, ["placed", "cancelled"]))),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Records consent for each contact, from `source`; given again after a withdrawal, it counts from now. */
export async function giveConsent(tx: Database, contacts: ShopperContact[], source: ConsentSource): Promise<void> {
  if (contacts.length === 0) return;
  await tx
    .insert(marketingConsents)
    .values(contacts.map(({ contact, channel }) => ({ contact, channel, source })))
    .onConflictDoUpdate({
      target: marketingConsents.contact,
      set: { source, givenAt: sql`now()`, withdrawnAt: null },
      setWhere: sql`${marketingConsents.withdrawnAt} is not null`,
    });
}

/** Withdraws consent for each contact that has it; the record stays, with when. */
export async function withdrawConsent(db: Database, contacts: string[]): Promise<void> {
  if (contacts.length === 0) return;
  await db
    .update(marketingConsents)
    .set({ withdrawnAt: sql`now()` })
    .where(and(inArray(marketingConsents.contact, contacts), isNull(marketingConsents.withdrawnAt)));
}

/** Whether a marketing message may go to one of these contacts now (an account's: to either). */
export async function hasConsent(db: Database, contacts: string[]): Promise<boolean> {
  if (contacts.length === 0) return false;
  const [row] = await db
    .select({ id: marketingConsents.id })
    .from(marketingConsents)
    .where(and(inArray(marketingConsents.contact, contacts), isNull(marketingConsents.withdrawnAt)))
    .limit(1);
  return row !== undefined;
}

/** The id of a contact's consent while it stands, for its message's stop link; null without consent. */
export async function activeConsentId(db: Database, contact: string): Promise<number | null> {
  const [row] = await db
    .select({ id: marketingConsents.id })
    .from(marketingConsents)
    .where(and(eq(marketingConsents.contact, contact), isNull(marketingConsents.withdrawnAt)));
  return row?.id ?? null;
}

export type ConsentCounts = Record<ContactChannel, { given: number; withdrawn: number }>;

/** How many phones and addresses have consent, and how many withdrew it: counts only, for staff. */
export async function countConsents(db: Database): Promise<ConsentCounts> {
  const rows = await db
    .select({
      channel: marketingConsents.channel,
      withdrawn: sql<boolean>`${marketingConsents.withdrawnAt} is not null`,
      count: count(),
    })
    .from(marketingConsents)
    .groupBy(marketingConsents.channel, sql`${marketingConsents.withdrawnAt} is not null`);
  const counts: ConsentCounts = { sms: { given: 0, withdrawn: 0 }, email: { given: 0, withdrawn: 0 } };
  for (const row of rows) counts[row.channel][row.withdrawn ? "withdrawn" : "given"] = row.count;
  return counts;
}

/** The one-tap stop link of a contact's consent, for every marketing message: no sign-in, no storage. */
export function consentStopUrl(consentId: number): string {
  return `${authBaseURL()}${consentStopPath}/${consentId}/${stopToken(consentId)}`;
}
export const consentStopPath = "/stop";

/** What a stop link names: its consent, and whether it is withdrawn already; null for a wrong id or token. */
export async function findStopLink(db: Database, id: unknown, token: unknown): Promise<{ withdrawn: boolean } | null> {
  const consentId = stopLinkConsentId(id, token);
  if (consentId === null) return null;
  const [row] = await db
    .select({ withdrawnAt: marketingConsents.withdrawnAt })
    .from(marketingConsents)
    .where(eq(marketingConsents.id, consentId));
  return row ? { withdrawn: row.withdrawnAt !== null } : null;
}

export type StopResult = { ok: true } | { ok: false; reason: "bad_link" };

/** Withdraws the consent a stop link names, when its token is right; a second tap changes nothing. */
export async function stopByLink(db: Database, id: unknown, token: unknown): Promise<StopResult> {
  const consentId = stopLinkConsentId(id, token);
  if (consentId === null) return { ok: false, reason: "bad_link" };
  await db
    .update(marketingConsents)
    .set({ withdrawnAt: sql`now()` })
    .where(and(eq(marketingConsents.id, consentId), isNull(marketingConsents.withdrawnAt)));
  return { ok: true };
}

function stopLinkConsentId(id: unknown, token: unknown): number | null {
  const consentId = parseId(id);
  return consentId !== null && typeof token === "string" && sameSecret(token, stopToken(consentId)) ? consentId : null;
}

/** 11 characters (66 bits) of an HMAC of the consent's id, so that the link fits a text. */
function stopToken(consentId: number): string {
  return createHmac("sha256", deriveSecret("marketing-stop")).update(String(consentId)).digest("base64url").slice(0, 11);
}
