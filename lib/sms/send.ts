import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/lib/db";
import { smsMessages } from "@/lib/db/schema";
import { PermanentFailure, type OutboxMessage } from "@/lib/outbox/outbox";
import { sendSms, smsConfig } from "./client";
import { countTexts, smsThrottleReasons } from "./queue";

// Sends a queued text, from the outbox. Africa's Talking answers per number: accepted (stored with
// its messageId for the delivery reports), refused for good, or refused for now.

/** Accepted: Processed, Sent, Queued. */
const acceptedCodes = new Set([100, 101, 102]);
/**
 * Refusals that sending the same text again cannot change: a risk hold, a bad sender ID, an invalid
 * or unsupported number, a blacklisted number, no route, do-not-disturb. Insufficient balance
 * (405) and gateway errors (500–502) may pass later, so they, and any code not listed, are retried.
 */
const permanentCodes = new Set([401, 402, 403, 404, 406, 407, 409]);

const payloadSchema = z.object({ to: z.string(), message: z.string(), orderId: z.number().int().optional() });

/** The outbox's sender for `sms` messages. */
export function smsSender(db: Database) {
  return async (message: OutboxMessage) => {
    const config = smsConfig();
    if (!config) throw new Error("SMS is not set up (AT_API_URL); the text waits");
    const payload = payloadSchema.parse(message.payload);
    const row = eq(smsMessages.key, message.key);
    // Accepted before, and the outbox did not hear of it (a crash in between): never send it again.
    const [text] = await db.select({ state: smsMessages.state }).from(smsMessages).where(row);
    if (text?.state === "sent" || text?.state === "delivered") return;
    // An order's update queued past the phone's hourly limit waits here, retried until the hour allows.
    if ((await countTexts(db, { interval: "1 hour", phone: payload.to, sentOnly: true })) >= config.perPhonePerHour) {
      const reason = smsThrottleReasons.waitsForPhone(config.perPhonePerHour);
      await db.update(smsMessages).set({ failureReason: reason }).where(row);
      throw new Error(reason);
    }
    const recipient = await sendSms(config, payload.to, payload.message);
    if (acceptedCodes.has(recipient.statusCode)) {
      // A queued (or failed, then retried by staff) text becomes sent; a delivered one never steps back.
      await db
        .update(smsMessages)
        .set({ state: "sent", providerMessageId: recipient.messageId, sentAt: sql`now()`, failureReason: null })
        .where(and(row, inArray(smsMessages.state, ["queued", "failed"])));
      return;
    }
    const reason = `${recipient.status} (${recipient.statusCode})`;
    if (permanentCodes.has(recipient.statusCode)) {
      await db.update(smsMessages).set({ state: "failed", failureReason: reason }).where(row);
      throw new PermanentFailure(`Africa's Talking refused the text: ${reason}`);
    }
    await db
      .update(smsMessages)
      .set({ failureReason: `${reason}; will retry` })
      .where(row);
    throw new Error(`Africa's Talking could not send the text yet: ${reason}`);
  };
}
