import "server-only";
import { createHmac } from "node:crypto";
import { and, asc, count, eq, gt, gte, inArray, isNull, like, lte, or, sql } from "drizzle-orm";
import { authBaseURL } from "@/lib/auth/config";
import { findCartId, getOrCreateCartId } from "@/lib/cart/lines";
import type { CartOwner } from "@/lib/cart/owner";
import { isOnSale } from "@/lib/catalog/queries";
import { orderLimits, type OrderLimits } from "@/lib/checkout/limits";
import { parseId } from "@/lib/core/ids";
import { variantLabel } from "@/lib/core/variant-label";
import type { Database } from "@/lib/db";
import { cartLines, checkoutReminders, orders, products, variants } from "@/lib/db/schema";
import type { ContactChannel, ReminderOutcome } from "@/lib/db/values";
import { reserveAttempt } from "@/lib/auth/throttle";
import { env } from "@/lib/env";
import { enqueueMail } from "@/lib/outbox/outbox";
import { deriveSecret, sameSecret } from "@/lib/secrets";
import { site } from "@/lib/site";
import { smsConfig } from "@/lib/sms/client";
import { queueSms } from "@/lib/sms/queue";
import { nairobiHour } from "@/lib/time/nairobi";
import { activeConsentId, consentStopUrl, giveConsent } from "./consents";
import { parseContact } from "./contact";
import { reminderCopy } from "./reminder-copy";

// Unfinished checkouts (issue 48): the phone and e-mail a shopper types at checkout are saved with
// their cart; ABANDONED_CHECKOUT_MINUTES after the last save, a pass claims the checkout once and,
// if the shopper has consent, has ordered nothing since and the cart still holds something, queues
// one reminder through the outbox, with a signed link that restores the lines it named on any device,
// for REMINDER_LINK_DAYS, from a button on the link's page.

/** Nairobi hours in which no reminder is sent: from 21:00 until 08:00, when the night's go out. */
export const QUIET_HOURS = { from: 21, until: 8 } as const;

/** However many carts a stranger fills with someone's phone, it gets one reminder a day at most. */
export const REMINDED_LATELY_MS = 86_400_000;

/** How many checkouts one pass handles, so a backlog is spread over passes. */
const REMINDERS_PER_PASS = 50;

export type ReminderSettings = { minutes: number; quietHours: boolean; now?: Date };

/** The settings the shop runs with. */
export const reminderSettings = (): ReminderSettings => ({
  minutes: env().ABANDONED_CHECKOUT_MINUTES,
  quietHours: env().REMINDER_QUIET_HOURS,
});

/** The outbox key of a checkout's reminder (its text's and its e-mail's). */
export const reminderKey = (id: number) => `checkout-reminder:${id}`;

/**
 * Saves what the shopper typed at checkout with their cart: the phone and e-mail address (a blank
 * or wrong one keeps what was saved before), and restarts the reminder's clock. A ticked offers box
 * gives consent as placing the order would. Nothing changes once the reminder's time has come. A
 * new checkout, or a new phone or address on one, counts against its client address's hourly limit
 * (CHECKOUTS_SAVED_PER_ADDRESS_PER_HOUR): past it nothing is saved, so nobody can fill carts with
 * made-up numbers to be texted.
 */
export async function saveUnfinishedCheckout(
  db: Database,
  owner: CartOwner,
  input: { phone: unknown; email: unknown; marketingConsent: boolean; clientAddress?: string | null },
): Promise<{ saved: boolean }> {
  const phone = parseContact(input.phone);
  const email = parseContact(input.email);
  const contacts = [phone?.channel === "sms" ? phone : null, email?.channel === "email" ? email : null].filter(
    (contact) => contact !== null,
  );
  if (contacts.length === 0) return { saved: false };
  return db.transaction(async (tx) => {
    const cartId = await findCartId(tx, owner);
    if (cartId === null) return { saved: false };
    const contactOf = (channel: string) => contacts.find((contact) => contact.channel === channel)?.contact ?? null;
    const [before] = await tx
      .select({ phone: checkoutReminders.phone, email: checkoutReminders.email })
      .from(checkoutReminders)
      .where(eq(checkoutReminders.cartId, cartId));
    const isNew =
      !before || contacts.some(({ contact, channel }) => contact !== (channel === "sms" ? before.phone : before.email));
    if (isNew && input.clientAddress) {
      const limit = { key: `checkout-saves:address:${input.clientAddress}`, max: env().CHECKOUTS_SAVED_PER_ADDRESS_PER_HOUR };
      if ((await reserveAttempt(tx, [{ ...limit, windowMs: 3_600_000 }])) > 0) return { saved: false };
    }
    await tx
      .insert(checkoutReminders)
      .values({ cartId, phone: contactOf("sms"), email: contactOf("email"), clientAddress: input.clientAddress ?? null })
      .onConflictDoUpdate({
        target: checkoutReminders.cartId,
        set: {
          phone: sql`coalesce(excluded.phone, ${checkoutReminders.phone})`,
          email: sql`coalesce(excluded.email, ${checkoutReminders.email})`,
          clientAddress: sql`coalesce(excluded.client_address, ${checkoutReminders.clientAddress})`,
          savedAt: sql`now()`,
        },
        setWhere: isNull(checkoutReminders.doneAt),
      });
    if (input.marketingConsent) await giveConsent(tx, contacts, "checkout");
    return { saved: true };
  });
}

export type ReminderPass = { quietHours: true } | { quietHours: false; done: { id: number; outcome: ReminderOutcome }[] };

/**
 * One pass: every checkout saved `minutes` or more ago and not yet done is claimed (one transaction
 * each, skipping those another instance holds, so each is claimed once) and gets its outcome. In
 * Nairobi's quiet hours the pass does nothing, so that the night's reminders go at 08:00.
 */
export async function sendCheckoutReminders(db: Database, settings: ReminderSettings): Promise<ReminderPass> {
  const now = settings.now ?? new Date();
  if (settings.quietHours && isQuietHour(now)) return { quietHours: true };
  const dueBefore = new Date(now.getTime() - settings.minutes * 60_000);
  const done: { id: number; outcome: ReminderOutcome }[] = [];
  for (let pass = 0; pass < REMINDERS_PER_PASS; pass++) {
    const handled = await db.transaction((tx) => remindOne(tx, dueBefore, now));
    if (!handled) break;
    done.push(handled);
  }
  return { quietHours: false, done };
}

/** Whether `now` falls in Nairobi's quiet hours. */
export function isQuietHour(now: Date): boolean {
  const hour = nairobiHour(now);
  return hour >= QUIET_HOURS.from || hour < QUIET_HOURS.until;
}

/** The reminder's link that restores its cart, signed so that nobody can guess another's. */
export function reminderLinkUrl(id: number): string {
  return `${authBaseURL()}${reminderLinkPath}/${id}/${linkToken(id)}`;
}
export const reminderLinkPath = "/resume";

export type ReminderLinkResult = { ok: true } | { ok: false; reason: "bad_link" | "expired" };

/**
 * Whether a reminder's link may restore its cart: its token is right, and it was sent within
 * REMINDER_LINK_DAYS (`days`). The link's page asks this before it offers its button.
 */
export async function checkReminderLink(
  db: Database,
  input: { id: unknown; token: unknown },
  { days = env().REMINDER_LINK_DAYS, now = new Date() } = {},
): Promise<ReminderLinkResult> {
  return (await findLinkedReminder(db, input, { days, now })).result;
}

/**
 * Puts the lines the reminder named when it was sent (not what that cart holds now) into `owner`'s
 * cart, at today's prices and as far as today's stock goes (sold-out and withdrawn lines are left
 * out). A line already there keeps the larger quantity, so restoring twice adds nothing. Only the
 * link's page calls it, on its button's POST: a GET from another site restores nothing.
 */
export async function restoreCart(
  db: Database,
  input: { id: unknown; token: unknown; owner: CartOwner },
  {
    limits = orderLimits(),
    days = env().REMINDER_LINK_DAYS,
    now = new Date(),
  }: { limits?: OrderLimits; days?: number; now?: Date } = {},
): Promise<ReminderLinkResult> {
  return db.transaction(async (tx): Promise<ReminderLinkResult> => {
    const { result, lines } = await findLinkedReminder(tx, input, { days, now });
    if (!result.ok || lines.length === 0) return result;
    const cartId = await getOrCreateCartId(tx, input.owner, { forUpdate: true });
    if (cartId === null) return result;
    const available = (await variantsNow(tx, lines)).filter((line) => line.available);
    if (available.length === 0) return result;
    await tx
      .insert(cartLines)
      .values(
        available.map((line) => ({
          cartId,
          variantId: line.variantId,
          quantity: Math.min(line.quantity, line.stock, limits.unitsPerLine),
          unitPrice: line.price,
        })),
      )
      .onConflictDoUpdate({
        target: [cartLines.cartId, cartLines.variantId],
        set: { quantity: sql`greatest(${cartLines.quantity}, excluded.quantity)` },
      });
    return result;
  });
}

/** The reminder a link names, with the lines it was sent with, or why the link does not restore it. */
async function findLinkedReminder(
  db: Database,
  input: { id: unknown; token: unknown },
  { days, now }: { days: number; now: Date },
): Promise<{ result: ReminderLinkResult; lines: SnapshotLine[] }> {
  const id = parseId(input.id);
  const bad = { result: { ok: false, reason: "bad_link" } as const, lines: [] };
  if (id === null || typeof input.token !== "string" || !sameSecret(input.token, linkToken(id))) return bad;
  const [reminder] = await db
    .select({ doneAt: checkoutReminders.doneAt, lines: checkoutReminders.lines })
    .from(checkoutReminders)
    .where(and(eq(checkoutReminders.id, id), eq(checkoutReminders.outcome, "sent")));
  if (!reminder?.doneAt) return bad;
  // Sent before its lines were kept (migration 0038), or too long ago: the link has done its work.
  if (!reminder.lines || reminder.doneAt.getTime() + days * 86_400_000 < now.getTime())
    return { result: { ok: false, reason: "expired" }, lines: [] };
  return { result: { ok: true }, lines: reminder.lines };
}

type Claimed = typeof checkoutReminders.$inferSelect;

/** Claims the oldest due checkout and settles it; null when none is due. */
async function remindOne(tx: Database, dueBefore: Date, now: Date): Promise<{ id: number; outcome: ReminderOutcome } | null> {
  const due = tx
    .select({ id: checkoutReminders.id })
    .from(checkoutReminders)
    .where(and(isNull(checkoutReminders.doneAt), lte(checkoutReminders.savedAt, dueBefore)))
    .orderBy(asc(checkoutReminders.savedAt))
    .limit(1)
    .for("update", { skipLocked: true });
  const [claimed] = await tx.update(checkoutReminders).set({ doneAt: now }).where(inArray(checkoutReminders.id, due)).returning();
  if (!claimed) return null;
  const { outcome, sentTo = null, lines = null } = await settle(tx, claimed, now);
  await tx.update(checkoutReminders).set({ outcome, sentTo, lines }).where(eq(checkoutReminders.id, claimed.id));
  return { id: claimed.id, outcome };
}

/**
 * What a claimed checkout gets: its reminder, queued now with the lines it names (which its link
 * restores), or the reason it gets none. A reminder counts against its client address's daily
 * limit (REMINDERS_PER_ADDRESS_PER_DAY) and the shop's: a text against SMS_REMINDERS_PER_DAY within
 * the daily budget (lib/sms/queue.ts), an e-mail against REMINDER_EMAILS_PER_DAY.
 */
async function settle(
  tx: Database,
  claimed: Claimed,
  now: Date,
): Promise<{ outcome: ReminderOutcome; sentTo?: string; lines?: SnapshotLine[] }> {
  const lines = claimed.cartId === null ? [] : await linesOf(tx, claimed.cartId);
  if (lines.length === 0) return { outcome: "empty" };
  if (await orderedSince(tx, claimed)) return { outcome: "ordered" };
  const recipient = await consentingRecipient(tx, claimed);
  if (!recipient) return { outcome: "no_consent" };
  if (await remindedLately(tx, recipient.contact, now)) return { outcome: "reminded_lately" };
  if (!lines.some((line) => line.available)) return { outcome: "sold_out" };
  if (await overReminderLimits(tx, claimed, recipient.channel, now)) return { outcome: "throttled" };

  const link = reminderLinkUrl(claimed.id);
  const stop = consentStopUrl(recipient.consentId);
  const key = reminderKey(claimed.id);
  if (recipient.channel === "sms") {
    const shown = lines.slice(0, reminderCopy.linesInText).map(lineText);
    if (lines.length > shown.length) shown.push(reminderCopy.more(lines.length - shown.length));
    // The middle dot is not GSM-7: one would make the whole text UCS-2 (70 characters a part).
    const items = shown.join(", ").replaceAll(" · ", ", ");
    const message = reminderCopy.smsText(site.name, items, link, stop);
    const state = await queueSms(tx, key, { to: recipient.contact, message }, { purpose: "reminder" });
    if (state === "throttled") return { outcome: "throttled" };
  } else {
    await enqueueMail(tx, key, {
      to: recipient.contact,
      subject: reminderCopy.mailSubject(site.name),
      text: reminderCopy.mailText(lines.map(lineText), link, stop),
      headers: { "List-Unsubscribe": `<${stop}>` },
    });
  }
  const snapshot = lines.filter((line) => line.available).map(({ variantId, quantity }) => ({ variantId, quantity }));
  return { outcome: "sent", sentTo: recipient.contact, lines: snapshot };
}

/** Whether the checkout's client address has had its reminders today, or (by e-mail) the shop has. */
async function overReminderLimits(tx: Database, claimed: Claimed, channel: ContactChannel, now: Date): Promise<boolean> {
  const settings = env();
  if (channel === "email") {
    const [{ sent }] = await tx
      .select({ sent: count() })
      .from(checkoutReminders)
      .where(
        and(
          eq(checkoutReminders.outcome, "sent"),
          like(checkoutReminders.sentTo, "%@%"),
          gt(checkoutReminders.doneAt, new Date(now.getTime() - 86_400_000)),
        ),
      );
    if (sent >= settings.REMINDER_EMAILS_PER_DAY) return true;
  }
  if (!claimed.clientAddress) return false;
  const limit = { key: `reminders:address:${claimed.clientAddress}`, max: settings.REMINDERS_PER_ADDRESS_PER_DAY };
  return (await reserveAttempt(tx, [{ ...limit, windowMs: 86_400_000 }], now.getTime())) > 0;
}

/** A line of the cart as its reminder named it: what the reminder's link restores. */
type SnapshotLine = { variantId: number; quantity: number };

/** Those lines with today's price and stock, and whether each can still be bought. */
async function variantsNow(tx: Database, lines: SnapshotLine[]) {
  const rows = await tx
    .select({ variantId: variants.id, stock: variants.stock, price: variants.price, onSale: sql<boolean>`${isOnSale}` })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(
      inArray(
        variants.id,
        lines.map((line) => line.variantId),
      ),
    );
  return rows.map(({ onSale, ...row }) => ({
    ...row,
    quantity: lines.find((line) => line.variantId === row.variantId)!.quantity,
    available: onSale && row.stock > 0,
  }));
}

type ReminderLine = {
  variantId: number;
  name: string;
  label: string;
  quantity: number;
  stock: number;
  price: number;
  available: boolean;
};

/** A cart's lines as they are now: today's price and stock, and whether each can still be bought. */
async function linesOf(tx: Database, cartId: number): Promise<ReminderLine[]> {
  const rows = await tx
    .select({
      variantId: variants.id,
      name: products.name,
      size: variants.size,
      colour: variants.colour,
      packSize: variants.packSize,
      quantity: cartLines.quantity,
      stock: variants.stock,
      price: variants.price,
      onSale: sql<boolean>`${isOnSale}`,
    })
    .from(cartLines)
    .innerJoin(variants, eq(variants.id, cartLines.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.addedAt), asc(variants.id));
  return rows.map(({ size, colour, packSize, onSale, ...row }) => ({
    ...row,
    label: variantLabel({ size, colour, packSize }),
    available: onSale && row.stock > 0,
  }));
}

/** '2 x Linen Shirt (M · White)', or 'Kikoi (sold out)': the reminder names only what can be bought. */
function lineText(line: ReminderLine): string {
  const item = line.label ? `${line.name} (${line.label})` : line.name;
  if (!line.available) return `${item} (${reminderCopy.soldOut})`;
  return line.quantity > 1 ? `${line.quantity} x ${item}` : item;
}

/** Whether an order came from the checkout's phone or e-mail address since it was started. */
async function orderedSince(tx: Database, claimed: Claimed): Promise<boolean> {
  const sameContact = or(
    claimed.phone ? eq(orders.phone, claimed.phone) : undefined,
    claimed.email ? eq(sql`lower(${orders.email})`, claimed.email) : undefined,
  );
  const [order] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(sameContact, gte(orders.createdAt, claimed.createdAt)))
    .limit(1);
  return order !== undefined;
}

/** The phone (where SMS is set up), else the e-mail address, that has consent now; null when neither has. */
async function consentingRecipient(tx: Database, claimed: Claimed) {
  const candidates = [
    ...(claimed.phone && smsConfig() ? [{ contact: claimed.phone, channel: "sms" as const }] : []),
    ...(claimed.email ? [{ contact: claimed.email, channel: "email" as const }] : []),
  ];
  for (const candidate of candidates) {
    const consentId = await activeConsentId(tx, candidate.contact);
    if (consentId !== null) return { ...candidate, consentId };
  }
  return null;
}

/** Whether another checkout's reminder went to this contact within REMINDED_LATELY_MS. */
async function remindedLately(tx: Database, contact: string, now: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: checkoutReminders.id })
    .from(checkoutReminders)
    .where(and(eq(checkoutReminders.sentTo, contact), gt(checkoutReminders.doneAt, new Date(now.getTime() - REMINDED_LATELY_MS))))
    .limit(1);
  return row !== undefined;
}

/** 11 characters (66 bits) of an HMAC of the reminder's id, so that the link fits a text. */
function linkToken(id: number): string {
  return createHmac("sha256", deriveSecret("checkout-reminder")).update(String(id)).digest("base64url").slice(0, 11);
}
