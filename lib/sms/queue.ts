import "server-only";
import { and, count, eq, gt, ne, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { smsMessages } from "@/lib/db/schema";
import type { SmsState } from "@/lib/db/values";
import { enqueue } from "@/lib/outbox/outbox";
import { smsConfig } from "./client";

/** What the outbox carries for a text; the sms_messages row shares its key. */
export type SmsPayload = { to: string; message: string; orderId?: number };

/**
 * Queues a text in the caller's transaction, under its outbox key (one per event: queuing the same
 * key again changes nothing). Each is recorded in sms_messages; past the per-phone hourly limit it
 * is recorded as throttled and not sent, so nobody can use the shop to flood a number. Returns the
 * text's state, or null when SMS is not set up.
 */
export async function queueSms(tx: Database, key: string, payload: SmsPayload): Promise<SmsState | null> {
  const config = smsConfig();
  if (!config) return null;
  // One queuing per phone at a time, so that texts queued side by side cannot all slip under the limit.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${payload.to}`}))`);
  const [existing] = await tx.select({ state: smsMessages.state }).from(smsMessages).where(eq(smsMessages.key, key));
  if (existing) return existing.state;
  const [{ recent }] = await tx
    .select({ recent: count() })
    .from(smsMessages)
    .where(
      and(
        eq(smsMessages.phone, payload.to),
        ne(smsMessages.state, "throttled"),
        gt(smsMessages.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  const throttled = recent >= config.perPhonePerHour;
  await tx.insert(smsMessages).values({
    key,
    orderId: payload.orderId ?? null,
    phone: payload.to,
    body: payload.message,
    state: throttled ? "throttled" : "queued",
    failureReason: throttled ? `Over ${config.perPhonePerHour} texts to this phone in an hour` : null,
  });
  if (throttled) return "throttled";
  await enqueue(tx, "sms", key, payload);
  return "queued";
}
