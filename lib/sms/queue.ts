import "server-only";
import { and, count, eq, gt, ne, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { smsMessages } from "@/lib/db/schema";
import type { SmsState } from "@/lib/db/values";
import { enqueue } from "@/lib/outbox/outbox";
import { reserveAttempt } from "@/lib/auth/throttle";
import { backOfficeSections } from "@/lib/admin/sections";
import { alertStaff } from "@/lib/notifications/staff-alerts";
import { smsConfig, type SmsConfig } from "./client";

/** What the outbox carries for a text; the sms_messages row shares its key. */
export type SmsPayload = { to: string; message: string; orderId?: number };

/**
 * Queues a text in the caller's transaction, under its outbox key (one per event: queuing the same
 * key again changes nothing). Each is recorded in sms_messages; past the per-phone hourly limit, or
 * past the shop's daily budget unless it is `essential` (about money paid or an order under way), it
 * is recorded as throttled and not sent, so nobody can use the shop to flood a number or spend its
 * credit. The first text over the budget each day rings the staff's bell. Returns the text's state,
 * or null when SMS is not set up.
 */
export async function queueSms(
  tx: Database,
  key: string,
  payload: SmsPayload,
  { essential = false }: { essential?: boolean } = {},
): Promise<SmsState | null> {
  const config = smsConfig();
  if (!config) return null;
  // One queuing per phone, and of the shop's budget, at a time, so that texts queued side by side
  // cannot all slip under a limit (always in this order, so two never wait on each other).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${payload.to}`}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sms:daily-budget'))`);
  const [existing] = await tx.select({ state: smsMessages.state }).from(smsMessages).where(eq(smsMessages.key, key));
  if (existing) return existing.state;
  const reason = await throttleReason(tx, payload.to, config, essential);
  await tx.insert(smsMessages).values({
    key,
    orderId: payload.orderId ?? null,
    phone: payload.to,
    body: payload.message,
    state: reason ? "throttled" : "queued",
    failureReason: reason,
  });
  if (reason) return "throttled";
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
  dailyBudget: (max: number) => `Over the shop's budget of ${max} texts a day`,
};

/** Why this text is not sent (the phone's hourly limit, or the shop's daily budget), else null. */
async function throttleReason(tx: Database, phone: string, config: SmsConfig, essential: boolean): Promise<string | null> {
  const sentSince = async (interval: string, samePhone: boolean) => {
    const [{ sent }] = await tx
      .select({ sent: count() })
      .from(smsMessages)
      .where(
        and(
          samePhone ? eq(smsMessages.phone, phone) : undefined,
          ne(smsMessages.state, "throttled"),
          gt(smsMessages.createdAt, sql`now() - ${interval}::interval`),
        ),
      );
    return sent;
  };
  if ((await sentSince("1 hour", true)) >= config.perPhonePerHour) return smsThrottleReasons.perPhone(config.perPhonePerHour);
  if (essential || (await sentSince("1 day", false)) < config.dailyBudget) return null;
  await alertOncePerDay(tx, config.dailyBudget);
  return smsThrottleReasons.dailyBudget(config.dailyBudget);
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
