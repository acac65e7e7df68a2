import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { orderHistory, orders, payments, refunds } from "@/lib/db/schema";
import { isUniqueViolation } from "@/lib/db/errors";
import { pesapalMessages } from "@/lib/orders/payment-copy";
import { refundReasonLabels } from "@/lib/orders/refund-rules";
import { enqueue, PermanentFailure, type Sender } from "@/lib/outbox/outbox";
import { pesapal } from "./client";
import { pesapalConfig, type PesapalConfig } from "./config";
import { paidByCard } from "./status";

// Refunds through Pesapal (RefundRequest): cards in part, mobile money in full only, one per payment.
// Requested through the outbox; the ledger reads 'Refund requested' until Pesapal approves it, which
// its status query then reports as a reversal (lib/payments/pesapal/outcome.ts).

export type RefundRequested = { ok: true } | { ok: false; error: string };

/** Staff ask Pesapal to send a due refund back through the payment that paid the order. */
export async function requestPesapalRefund(
  db: Database,
  config: PesapalConfig,
  input: { refundId: number; actor: Actor },
): Promise<RefundRequested> {
  try {
    return await db.transaction(async (tx) => {
      const [refund] = await tx
        .select()
        .from(refunds)
        .where(and(eq(refunds.id, input.refundId), eq(refunds.status, "due")))
        .for("update");
      if (!refund) return { ok: false as const, error: pesapalMessages.refundNotDue };
      const [payment] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, refund.orderId), eq(payments.method, "pesapal"), eq(payments.status, "paid")))
        .orderBy(desc(payments.id))
        .limit(1);
      if (!payment?.providerReference) return { ok: false as const, error: pesapalMessages.refundNoPayment };
      const card = paidByCard(payment.channel);
      if (refund.amount > payment.amount || (!card && refund.amount !== payment.amount))
        return { ok: false as const, error: card ? pesapalMessages.refundTooMuch : pesapalMessages.refundMobileInFull };
      await tx
        .update(refunds)
        .set({ status: "requested", method: "pesapal", paymentId: payment.id, recordedBy: input.actor.label })
        .where(eq(refunds.id, refund.id));
      // Pesapal's approval is asked about on the schedule too, should its notification be lost.
      await tx
        .update(payments)
        .set({ nextCheckAt: sql`now() + make_interval(secs => ${config.timers.firstCheckMs / 1000})` })
        .where(eq(payments.id, payment.id));
      const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, refund.orderId));
      await tx.insert(orderHistory).values({
        orderId: refund.orderId,
        actorId: input.actor.id,
        actorLabel: input.actor.label,
        fromStatus: order.status,
        toStatus: order.status,
        note: pesapalMessages.refundRequestedNote(refund.amount),
      });
      await enqueue(tx, "pesapal", `refund:${refund.id}`, { refundId: refund.id });
      return { ok: true as const };
    });
  } catch (error) {
    // One refund per payment: another refund of it was requested first.
    if (isUniqueViolation(error, "refunds_payment_id_unique")) return { ok: false, error: pesapalMessages.refundOnce };
    throw error;
  }
}

const queuedRefund = z.object({ refundId: z.number().int().positive() });

/** The outbox's sender of RefundRequest (sendRefundRequest). */
export const pesapalRefundSender =
  (db: Database): Sender =>
  async (message) => {
    const config = pesapalConfig();
    const parsed = queuedRefund.safeParse(message.payload);
    if (!config || !parsed.success) throw new PermanentFailure("Pesapal is not set up, or the message is not a refund");
    return sendRefundRequest(db, config, parsed.data.refundId);
  };

/**
 * Sends one requested refund's RefundRequest. Pesapal unreachable: thrown, so the outbox tries again.
 * Pesapal's refusal puts the refund back to 'due', with its reason in the order's history.
 */
export async function sendRefundRequest(
  db: Database,
  config: PesapalConfig,
  refundId: number,
  fetchImpl: typeof fetch = fetch,
): Promise<"sent" | undefined> {
  const [row] = await db
    .select({ refund: refunds, code: payments.providerReference })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.id, refundId), eq(refunds.status, "requested")));
  if (!row?.code) return;
  const { refund } = row;
  const answer = await pesapal(db, config, fetchImpl).refundRequest({
    confirmationCode: row.code,
    amount: refund.amount,
    username: refund.recordedBy ?? "Kijani Threads",
    remarks: `Refund because ${refundReasonLabels[refund.reason]}`,
  });
  if (answer.ok) return "sent";
  if (answer.error === pesapalMessages.unreachable) throw new Error(answer.error);
  await db.transaction(async (tx) => {
    await tx
      .update(refunds)
      .set({ status: "due", method: null, paymentId: null, recordedBy: null })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, "requested")));
    await tx.update(payments).set({ nextCheckAt: null }).where(eq(payments.id, row.refund.paymentId!));
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, refund.orderId));
    await tx.insert(orderHistory).values({
      orderId: refund.orderId,
      actorId: null,
      actorLabel: "Pesapal",
      fromStatus: order.status,
      toStatus: order.status,
      note: pesapalMessages.refundRefused(answer.error),
    });
  });
}
