import "server-only";
import { and, count, eq, gt, ne, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { smsMessages } from "@/lib/db/schema";
import type { SmsPurpose, SmsState } from "@/lib/db/values";
import { enqueue } from "@/lib/outbox/outbox";
import { reserveAttempt } from "@/lib/auth/throttle";
import { backOfficeSections } from "@/lib/admin/sections";
import { alertStaff } from "@/lib/notifications/staff-alerts";
import { smsConfig, type SmsConfig } from "./client";

/** What the outbox carries for a text; the sms_messages row shares its key. */
export type SmsPayload = { to: string; message: string; orderId?: number };

/**
 * `essential`: about money paid or an order under way. `purpose`: an order's own text, or
 * marketing's (a reminder, a back-in-stock alert).
 */
export type SmsKind = { essential?: boolean; purpose?: SmsPurpose };

/**
 * Queues a text in the caller's transaction, under its outbox key (one per event: queuing the same
 * key again changes nothing). Each is recorded in sms_messages, so that nobody can use the shop to
 * flood a number or spend its credit:
 * - past the per-phone hourly limit, an essential order text waits (the sender holds it until the
 *   hour allows, lib/sms/send.ts); any other is throttled: recorded, never sent;
 * - an order's text that is not essential goes while the shop's order texts of the day are under
 *   its daily budget; an essential one always goes;
 * - marketing goes while its purpose's texts of the day are under its share and the shop's texts
 *   of the day (orders' too) are under the budget, so it never takes an order's place.
 * The first text over the budget each day rings the staff's bell. Returns the text's state, or
 * null when SMS is not set up.
 */
export async function queueSms(
  tx: Database,
  key: string,
  payload: SmsPayload,
  { essential = false, purpose = "order" }: SmsKind = {},
): Promise<SmsState | null> {
  const config = smsConfig();
  if (!config) return null;
  // One queuing per phone, and of the shop's budget, at a time, so that texts queued side by side
  // cannot all slip under a limit (always in this order, so two never wait on each other).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${payload.to}`}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sms:daily-budget'))`);
  const [existing] = await tx.select({ state: smsMessages.state }).from(smsMessages).where(eq(smsMessages.key, key));
  if (existing) return existing.state;
  const held = await holdReason(tx, payload.to, config, { essential, purpose });
  const throttled = held !== null && !held.waits;
  await tx.insert(smsMessages).values({
    key,
    orderId: payload.orderId ?? null,
    phone: payload.to,
    body: payload.message,
    purpose,
    state: throttled ? "throttled" : "queued",
    failureReason: held?.reason ?? null,
  });
  if (throttled) return "throttled";
  await enqueue(tx, "sms", key, payload);
  return "queued";
}

/**
 * Counts a new order that wants texts against its client address's daily budget, in the order's
 * transaction; false when the address is past it (the order then hears by e-mail and its page only).
 */
export async function reserveOrderTexts(tx: Database, clientAddress: string | null): Promise<boolean> {
  const config = smsConfig();
  if (!config || !clientAddress) return true;
  const key = { key: `sms-orders:address:${clientAddress}`, max: config.ordersPerAddressPerDay, windowMs: 86_400_000 };
  return (await reserveAttempt(tx, [key])) === 0;
}

export const smsThrottleReasons = {
  perPhone: (max: number) => `Over ${max} texts to this phone in an hour`,
  waitsForPhone: (max: number) => `Waits: ${max} texts went to this phone in the last hour; it goes when the hour allows`,
  dailyBudget: (max: number) => `Over the shop's budget of ${max} texts a day`,
  marketingShare: (purpose: SmsPurpose, max: number) => `Over the ${max} ${smsPurposeLabels[purpose]} texts a day`,
};

/** A marketing purpose in the staff's words. */
const smsPurposeLabels: Record<SmsPurpose, string> = { order: "order", reminder: "reminder", back_in_stock: "back-in-stock" };

/** Texts to `phone` (or to every phone) in the last `interval`, throttled ones left out; of one purpose when given. */
export async function countTexts(
  tx: Database,
  { interval, phone, purpose, sentOnly = false }: { interval: string; phone?: string; purpose?: SmsPurpose; sentOnly?: boolean },
): Promise<number> {
  const since = sql`now() - ${interval}::interval`;
  const [{ texts }] = await tx
    .select({ texts: count() })
    .from(smsMessages)
    .where(
      and(
        phone ? eq(smsMessages.phone, phone) : undefined,
        purpose ? eq(smsMessages.purpose, purpose) : undefined,
        sentOnly ? gt(smsMessages.sentAt, since) : and(ne(smsMessages.state, "throttled"), gt(smsMessages.createdAt, since)),
      ),
    );
  return texts;
}

/** Why this text is held (the phone's hourly limit, a marketing share, the daily budget), and whether it only waits; null when it goes. */
async function holdReason(
  tx: Database,
  phone: string,
  config: SmsConfig,
  { essential, purpose }: Required<SmsKind>,
): Promise<{ reason: string; waits: boolean } | null> {
  const isOrder = purpose === "order";
  if ((await countTexts(tx, { interval: "1 hour", phone })) >= config.perPhonePerHour) {
    // An order's own update (paid, or under way) is delayed, never lost; anything a stranger can trigger is dropped.
    return isOrder && essential
      ? { reason: smsThrottleReasons.waitsForPhone(config.perPhonePerHour), waits: true }
      : { reason: smsThrottleReasons.perPhone(config.perPhonePerHour), waits: false };
  }
  if (isOrder && essential) return null;
  if (!isOrder) {
    const share = config.marketingPerDay[purpose];
    if ((await countTexts(tx, { interval: "1 day", purpose })) >= share)
      return { reason: smsThrottleReasons.marketingShare(purpose, share), waits: false };
  }
  if ((await countTexts(tx, { interval: "1 day", purpose: isOrder ? "order" : undefined })) < config.dailyBudget) return null;
  await alertOncePerDay(tx, config.dailyBudget);
  return { reason: smsThrottleReasons.dailyBudget(config.dailyBudget), waits: false };
}

/** Rings the staff's bell the first time in a day that the budget holds a text back. */
async function alertOncePerDay(tx: Database, budget: number): Promise<void> {
  if ((await reserveAttempt(tx, [{ key: "sms-daily-budget-alert", max: 1, windowMs: 86_400_000 }])) > 0) return;
  await alertStaff(tx, {
    kind: "order_status_changed",
    title: "SMS budget reached",
    body: `The shop sent ${budget} texts in the last 24 hours. Texts about new, unpaid orders wait for tomorrow; texts about paid or confirmed orders still go. Raise SMS_DAILY_BUDGET if this is real trade.`,
    link: backOfficeSections.orders.path,
  });
}
