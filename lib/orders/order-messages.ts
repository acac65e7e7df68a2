import "server-only";
import { and, asc, eq, inArray, like, or } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { outbox, refunds, returns, smsMessages, whatsappMessages } from "@/lib/db/schema";
import { renderTemplate } from "@/lib/whatsapp/templates";
import type { MessageState } from "./staff-labels";

// What the shop told a shopper about an order, for staff: each e-mail (found in the outbox by the
// keys the order's events use), each text (sms_messages) and each WhatsApp update (whatsapp_messages),
// with what became of it.

export type OrderMessage = {
  channel: "E-mail" | "SMS" | "WhatsApp";
  to: string;
  /** The e-mail's subject, or the text itself. */
  content: string;
  state: MessageState;
  /** Why it failed, was throttled or waits. */
  reason: string | null;
  at: Date;
};

/** The order's messages, oldest first. Staff's own new-order e-mails are not the shopper's and are left out. */
export async function listOrderMessages(db: Database, order: { id: number; number: string }): Promise<OrderMessage[]> {
  const [refundIds, returnIds] = await Promise.all([
    db.select({ id: refunds.id }).from(refunds).where(eq(refunds.orderId, order.id)),
    db.select({ id: returns.id }).from(returns).where(eq(returns.orderId, order.id)),
  ]);
  const keys = [`order-placed:${order.number}`, ...refundIds.map((refund) => `refund-recorded:${refund.id}`)];
  const mails = await db
    .select()
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, "email"),
        or(
          inArray(outbox.key, keys),
          like(outbox.key, `order-status:${order.number}:%`),
          ...returnIds.map((entry) => like(outbox.key, `return:${entry.id}:%`)),
        ),
      ),
    )
    .orderBy(asc(outbox.id));
  const texts = await db.select().from(smsMessages).where(eq(smsMessages.orderId, order.id)).orderBy(asc(smsMessages.id));
  const updates = await db
    .select()
    .from(whatsappMessages)
    .where(eq(whatsappMessages.orderId, order.id))
    .orderBy(asc(whatsappMessages.id));
  const messages: OrderMessage[] = [
    ...mails.map((mail) => {
      const { to, subject } = mail.payload as { to: string; subject: string };
      const sent = mail.logged ? "logged" : "sent";
      const state: MessageState = mail.sentAt ? sent : mail.failedAt ? "failed" : mail.lastError ? "retrying" : "queued";
      return {
        channel: "E-mail" as const,
        to,
        content: subject,
        state,
        reason: mail.sentAt ? null : mail.lastError,
        at: mail.createdAt,
      };
    }),
    ...texts.map((text) => ({
      channel: "SMS" as const,
      to: text.phone,
      content: text.body,
      state: text.state,
      reason: text.failureReason,
      at: text.createdAt,
    })),
    ...updates.map((update) => ({
      channel: "WhatsApp" as const,
      to: update.phone,
      content: renderTemplate(update.template, update.parameters),
      state: update.state,
      reason: [update.failureReason, update.fallbackAt && whatsappFallbackNote].filter(Boolean).join(". ") || null,
      at: update.createdAt,
    })),
  ];
  return messages.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** Beside a WhatsApp update that was replaced by its SMS (listed on its own). */
export const whatsappFallbackNote = "Sent by SMS instead";
