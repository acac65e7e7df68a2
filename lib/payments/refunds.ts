import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import {
  orderHistory,
  orders,
  payments,
  refunds,
  type RefundChannel,
  type RefundMethod,
  type RefundReason,
} from "@/lib/db/schema";
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
      .returning(recordedColumns);
    if (!refund) return { ok: false as const, reason: "not_due" as const, error: refundMessages.notDue };
    await closeRefund(tx, refund, reference ? `by M-Pesa, reference ${reference}` : "in cash", input.actor);
    return { ok: true as const };
  });
}

/**
 * Pesapal approved the refund the shop requested through this payment (its status reads reversed):
 * recorded once, as staff record one, with the payment's confirmation code. Whether one was waiting.
 */
export async function confirmRequestedRefund(tx: Database, paymentId: number, actor: Actor): Promise<boolean> {
  const [payment] = await tx
    .update(payments)
    .set({ nextCheckAt: null })
    .where(eq(payments.id, paymentId))
    .returning({ code: payments.providerReference });
  const [refund] = await tx
    .update(refunds)
    .set({ status: "recorded", reference: payment?.code, recordedAt: sql`now()`, recordedBy: "Pesapal" })
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, "requested")))
    .returning(recordedColumns);
  if (!refund) return false;
  await closeRefund(tx, refund, "through Pesapal", actor);
  return true;
}

const recordedColumns = {
  id: refunds.id,
  orderId: refunds.orderId,
  amount: refunds.amount,
  reason: refunds.reason,
  returnId: refunds.returnId,
  reference: refunds.reference,
  method: refunds.method,
};

/** A refund just recorded: the order's history, the credit note of a sale taken back, and the shopper told (bell and e-mail). */
async function closeRefund(
  tx: Database,
  refund: {
    id: number;
    orderId: number;
    amount: number;
    reason: RefundReason;
    returnId: number | null;
    reference: string | null;
    method: RefundChannel | null;
  },
  how: string,
  actor: Actor,
): Promise<void> {
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
  await tx.insert(orderHistory).values({
    orderId: refund.orderId,
    actorId: actor.id,
    actorLabel: actor.label,
    fromStatus: order.status,
    toStatus: order.status,
    note: `Refunded ${formatKsh(refund.amount)} ${how}.`,
  });
  await issueCreditNote(tx, refund);
  await refundRecorded(tx, { ...refund, order });
}
