import "server-only";
import { and, count, eq, gt, ne, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { whatsappMessages } from "@/lib/db/schema";
import type { WhatsappState } from "@/lib/db/values";
import { enqueue } from "@/lib/outbox/outbox";
import { whatsappConfig, type WhatsappConfig } from "./client";
import { templateFor, type OrderUpdate } from "./templates";

/** What the outbox carries for a WhatsApp update; the whatsapp_messages row shares its key. */
export type WhatsappPayload = { to: string; template: string; parameters: string[] };

/**
 * Queues an order's update on WhatsApp in the caller's transaction, under its outbox key (queuing the
 * same key again changes nothing), with the SMS that replaces it should it fail. It keeps SMS's limits
 * (SMS_PER_PHONE_PER_HOUR, SMS_DAILY_BUDGET), counted over WhatsApp's own messages:
 * - past the phone's hourly limit, an essential update waits in the sender until the hour allows;
 *   any other is throttled: recorded, never sent (nor texted);
 * - past the day's budget, only essential updates go.
 * Returns the message's state, or null when WhatsApp is not set up.
 */
export async function queueWhatsapp(
  tx: Database,
  key: string,
  message: { to: string; orderId: number; update: OrderUpdate; fallbackText: string },
  { essential }: { essential: boolean },
): Promise<WhatsappState | null> {
  const config = whatsappConfig();
  if (!config) return null;
  // One queuing per phone, and of the day's budget, at a time (always in this order).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`whatsapp:${message.to}`}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('whatsapp:daily-budget'))`);
  const [existing] = await tx
    .select({ state: whatsappMessages.state })
    .from(whatsappMessages)
    .where(eq(whatsappMessages.key, key));
  if (existing) return existing.state;
  const reason = essential ? null : await throttleReason(tx, message.to, config);
  const { template, parameters } = templateFor(message.update);
  await tx.insert(whatsappMessages).values({
    key,
    orderId: message.orderId,
    phone: message.to,
    template,
    parameters,
    fallbackText: message.fallbackText,
    state: reason ? "throttled" : "queued",
    failureReason: reason,
  });
  if (reason) return "throttled";
  await enqueue(tx, "whatsapp", key, { to: message.to, template, parameters } satisfies WhatsappPayload);
  return "queued";
}

export const whatsappThrottleReasons = {
  perPhone: (max: number) => `Over ${max} WhatsApp messages to this phone in an hour`,
  waitsForPhone: (max: number) =>
    `Waits: ${max} WhatsApp messages went to this phone in the last hour; it goes when the hour allows`,
  dailyBudget: (max: number) => `Over the shop's budget of ${max} WhatsApp messages a day`,
};

/** WhatsApp messages to `phone` (or to every phone) in the last `interval`: queued ones, or only those sent. */
export async function countWhatsapp(
  tx: Database,
  { interval, phone, sentOnly = false }: { interval: string; phone?: string; sentOnly?: boolean },
): Promise<number> {
  const since = sql`now() - ${interval}::interval`;
  const [{ messages }] = await tx
    .select({ messages: count() })
    .from(whatsappMessages)
    .where(
      and(
        phone ? eq(whatsappMessages.phone, phone) : undefined,
        sentOnly
          ? gt(whatsappMessages.sentAt, since)
          : and(ne(whatsappMessages.state, "throttled"), gt(whatsappMessages.createdAt, since)),
      ),
    );
  return messages;
}

/** Why an update that is not essential is not sent (the phone's hourly limit, the day's budget); null when it goes. */
async function throttleReason(tx: Database, phone: string, config: WhatsappConfig): Promise<string | null> {
  if ((await countWhatsapp(tx, { interval: "1 hour", phone })) >= config.perPhonePerHour)
    return whatsappThrottleReasons.perPhone(config.perPhonePerHour);
  if ((await countWhatsapp(tx, { interval: "1 day" })) >= config.dailyBudget)
    return whatsappThrottleReasons.dailyBudget(config.dailyBudget);
  return null;
}
