import "server-only";
import { and, eq, inArray } from "drizzle-orm";
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
 * once. An unknown id (another system's message on the number) changes nothing. Returns whether it moved.
 */
export async function recordStatus(db: Database, event: StatusEvent): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(whatsappMessages)
      .set({
        state: event.status,
        statusAt: event.at,
        ...(event.status === "failed" ? { failureReason: event.failureReason ?? "Failed" } : {}),
      })
      .where(and(eq(whatsappMessages.providerMessageId, event.id), inArray(whatsappMessages.state, movesFrom[event.status])))
      .returning({ id: whatsappMessages.id });
    if (moved && event.status === "failed") await fallBackToSms(tx, moved.id);
    return moved !== undefined;
  });
}
