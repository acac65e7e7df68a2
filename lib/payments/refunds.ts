import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { orderHistory, orders, refunds, type RefundMethod } from "@/lib/db/schema";
import { formatKsh } from "@/lib/catalog/price";
import { refundRecorded } from "@/lib/orders/events";
import { issueCreditNote } from "@/lib/invoices/issue";
import { refundMessages, refundRecordSchema } from "@/lib/orders/refund-rules";

// The refunds ledger: money owed back on an order, then recorded once sent.
export { createRefundDue } from "@/lib/orders/refund-due";
export { refundMessages } from "@/lib/orders/refund-rules";

export type RecordedRefund = { ok: true } | { ok: false; reason: "reference" | "method" | "not_due"; error: string };

/**
 * Staff sent a refund that is due, outside the shop: by M-Pesa reversal (its reference required) or
 * in cash (no reference). One transaction marks it recorded, once, with who and when, writes the
 * order's history, issues the credit note of a sale taken back, and tells the shopper (bell and e-mail).
 */
export async function recordRefund(
  db: Database,
  input: { refundId: number; method: RefundMethod; reference: string | null; actor: Actor },
): Promise<RecordedRefund> {
  const parsed = refundRecordSchema.safeParse({ method: input.method, reference: input.reference });
  if (!parsed.success) {
    const field = parsed.error.issues[0].path[0] === "method" ? "method" : "reference";
    return { ok: false, reason: field, error: parsed.error.issues[0].message };
  }
  const { method, reference } = parsed.data;
  return db.transaction(async (tx) => {
    const [refund] = await tx
      .update(refunds)
      .set({ status: "recorded", method, reference, recordedAt: sql`now()`, recordedBy: input.actor.label })
      .where(and(eq(refunds.id, input.refundId), eq(refunds.status, "due")))
      .returning({
        id: refunds.id,
        orderId: refunds.orderId,
        amount: refunds.amount,
        reason: refunds.reason,
        returnId: refunds.returnId,
      });
    if (!refund) return { ok: false as const, reason: "not_due" as const, error: refundMessages.notDue };
    const [order] = await tx
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        userId: orders.userId,
        email: orders.email,
        fullName: orders.fullName,
      })
      .from(orders)
      .where(eq(orders.id, refund.orderId));
    const how = reference ? `by M-Pesa, reference ${reference}` : "in cash";
    await tx.insert(orderHistory).values({
      orderId: refund.orderId,
      actorId: input.actor.id,
      actorLabel: input.actor.label,
      fromStatus: order.status,
      toStatus: order.status,
      note: `Refunded ${formatKsh(refund.amount)} ${how}.`,
    });
    await issueCreditNote(tx, refund);
    await refundRecorded(tx, { id: refund.id, order, amount: refund.amount, reference });
    return { ok: true as const };
  });
}
