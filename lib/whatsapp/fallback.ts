import "server-only";
import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { orders, whatsappMessages } from "@/lib/db/schema";
import { queueSms } from "@/lib/sms/queue";

// SMS as WhatsApp's fallback: an update that failed, or that no delivered or read status confirmed
// within WHATSAPP_FALLBACK_MINUTES of being queued, is texted once, if the order's SMS updates are on.
// fallback_at is set in the same transaction as the text is queued, so a retried or overlapping pass
// never texts twice.

/**
 * Queues the SMS for one WhatsApp message, in the caller's transaction, unless it was delivered, read,
 * throttled or already texted, or its order's SMS updates are off. Returns whether it did. The text
 * is essential: the update itself already passed the limits.
 */
export async function fallBackToSms(tx: Database, messageId: number): Promise<boolean> {
  const [message] = await tx
    .update(whatsappMessages)
    .set({ fallbackAt: sql`now()` })
    .where(
      and(
        eq(whatsappMessages.id, messageId),
        isNull(whatsappMessages.fallbackAt),
        inArray(whatsappMessages.state, ["queued", "sent", "failed"]),
      ),
    )
    .returning();
  if (!message) return false;
  // Turned off at checkout, or with 'Stop SMS updates' since: no text instead.
  if (message.orderId !== null) {
    const [order] = await tx.select({ smsUpdates: orders.smsUpdates }).from(orders).where(eq(orders.id, message.orderId));
    if (order && !order.smsUpdates) return false;
  }
  const text = { to: message.phone, message: message.fallbackText, orderId: message.orderId ?? undefined };
  await queueSms(tx, `sms:${message.key}`, text, { essential: true });
  return true;
}

/** How many messages one pass looks at; the next pass takes the rest. */
const MESSAGES_PER_PASS = 100;

/** One pass of the fallback job: texts every update that failed or is overdue. */
export async function textUndelivered(db: Database, { minutes }: { minutes: number }): Promise<{ texted: number }> {
  const overdue = sql`now() - ${`${minutes * 60} seconds`}::interval`;
  const due = await db
    .select({ id: whatsappMessages.id })
    .from(whatsappMessages)
    .where(
      and(
        isNull(whatsappMessages.fallbackAt),
        or(
          eq(whatsappMessages.state, "failed"),
          and(inArray(whatsappMessages.state, ["queued", "sent"]), lt(whatsappMessages.createdAt, overdue)),
        ),
      ),
    )
    .orderBy(asc(whatsappMessages.createdAt))
    .limit(MESSAGES_PER_PASS);
  let texted = 0;
  for (const { id } of due) if (await db.transaction((tx) => fallBackToSms(tx, id))) texted++;
  return { texted };
}
