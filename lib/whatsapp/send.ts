import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/lib/db";
import { whatsappMessages } from "@/lib/db/schema";
import { PermanentFailure, type OutboxMessage } from "@/lib/outbox/outbox";
import { sendTemplate, whatsappConfig } from "./client";
import { fallBackToSms } from "./fallback";
import { countWhatsapp, whatsappThrottleReasons } from "./queue";

// Sends a queued update, from the outbox. Meta answers with the message's id (wamid), then its
// statuses come by webhook (lib/whatsapp/statuses.ts); or with an error code: some pass if tried
// again later (130429, rate-limited), others never will, and the update is then texted at once.

/**
 * Errors that sending the same template again cannot change: outside the 24-hour window
 * (131047, which templates should never meet), a number not on WhatsApp or undeliverable (131026,
 * 133010), a template Meta does not have or whose values do not fit (132000, 132001, 132005,
 * 132007, 132012, 131008, 131009). Rate limits (130429, 131048, 131056), Meta's own trouble (131000)
 * and a token problem (190) are retried, as is any code not listed.
 */
export const permanentErrorCodes = new Set([
  131008, 131009, 131026, 131047, 131051, 132000, 132001, 132005, 132007, 132012, 133010,
]);

const payloadSchema = z.object({ to: z.string(), template: z.string(), parameters: z.array(z.string()) });

/** The outbox's sender for `whatsapp` messages. */
export function whatsappSender(db: Database) {
  return async (message: OutboxMessage) => {
    const config = whatsappConfig();
    if (!config) throw new Error("WhatsApp is not set up (WHATSAPP_TOKEN); the update waits, and its SMS follows in time");
    const payload = payloadSchema.parse(message.payload);
    const row = eq(whatsappMessages.key, message.key);
    // Sent before (a crash lost Meta's answer, but its statuses named the update), or already texted
    // instead: never send it again.
    const [record] = await db
      .select({ state: whatsappMessages.state, fallbackAt: whatsappMessages.fallbackAt })
      .from(whatsappMessages)
      .where(row);
    if (!record || record.state !== "queued" || record.fallbackAt) return;
    // An essential update past the phone's hourly limit waits here, retried until the hour allows.
    if ((await countWhatsapp(db, { interval: "1 hour", phone: payload.to, sentOnly: true })) >= config.perPhonePerHour) {
      const reason = whatsappThrottleReasons.waitsForPhone(config.perPhonePerHour);
      await db.update(whatsappMessages).set({ failureReason: reason }).where(row);
      throw new Error(reason);
    }
    const answer = await sendTemplate(config, { ...payload, reference: message.key });
    if (answer.ok) {
      await db
        .update(whatsappMessages)
        .set({ state: "sent", providerMessageId: answer.id, sentAt: sql`now()`, failureReason: null })
        .where(and(row, eq(whatsappMessages.state, "queued")));
      return;
    }
    const reason = `${answer.message || "Refused"} (${answer.code})`;
    if (permanentErrorCodes.has(answer.code)) {
      await db.transaction(async (tx) => {
        const [failed] = await tx
          .update(whatsappMessages)
          .set({ state: "failed", failureReason: reason })
          .where(and(row, eq(whatsappMessages.state, "queued")))
          .returning({ id: whatsappMessages.id });
        if (failed) await fallBackToSms(tx, failed.id);
      });
      throw new PermanentFailure(`WhatsApp refused the update: ${reason}`);
    }
    await db
      .update(whatsappMessages)
      .set({ failureReason: `${reason}; will retry` })
      .where(row);
    throw new Error(`WhatsApp could not send the update yet: ${reason}`);
  };
}
