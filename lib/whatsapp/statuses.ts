import "server-only";
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { whatsappMessages } from "@/lib/db/schema";
import type { WhatsappState } from "@/lib/db/values";
import { fallBackToSms } from "./fallback";

// Meta's status events (sent, delivered, read, failed) may arrive late, twice or out of order. A
// message keeps the most advanced state it reached: queued < sent < delivered < read. Failed ends a
// message that was not yet delivered (and texts it at once, lib/whatsapp/fallback.ts); a failed
// status after delivered or read is ignored (the shopper had it), and nothing moves a failed message
// on again: its SMS may already be on its way, and the record says why it was sent.

export type StatusEvent = {
  /** Meta's message id (wamid.…). */
  id: string;
  /** The update's key, sent as biz_opaque_callback_data, when Meta echoed it. */
  reference: string | null;
  status: "sent" | "delivered" | "read" | "failed";
  /** When Meta says it happened. */
  at: Date;
  failureReason: string | null;
};

/** The states each status may move a message from. */
const movesFrom: Record<StatusEvent["status"], WhatsappState[]> = {
  sent: ["queued"],
  delivered: ["queued", "sent"],
  read: ["queued", "sent", "delivered"],
  failed: ["queued", "sent"],
};

/**
 * Records one status in one transaction: the message moves forward only, and a failure is texted
 * once. A message whose id a crash kept from being stored is found by its reference, and gets its
 * id. An unknown id (another system's message on the number) changes nothing. Returns whether it moved.
 */
export async function recordStatus(db: Database, event: StatusEvent): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(whatsappMessages)
      .set({
        state: event.status,
        statusAt: event.at,
        providerMessageId: event.id,
        ...(event.status === "failed" ? { failureReason: event.failureReason ?? "Failed" } : {}),
      })
      .where(and(sentAs(event), inArray(whatsappMessages.state, movesFrom[event.status])))
      .returning({ id: whatsappMessages.id });
    if (moved && event.status === "failed") await fallBackToSms(tx, moved.id);
    return moved !== undefined;
  });
}

/** The message an event is about: by Meta's id, or by its reference while it has no id yet. */
const sentAs = (event: StatusEvent) =>
  event.reference === null
    ? eq(whatsappMessages.providerMessageId, event.id)
    : or(
        eq(whatsappMessages.providerMessageId, event.id),
        and(isNull(whatsappMessages.providerMessageId), eq(whatsappMessages.key, event.reference)),
      );
