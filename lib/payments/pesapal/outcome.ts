import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { payments } from "@/lib/db/schema";
import { isUniqueViolation } from "@/lib/db/errors";
import { paymentReceived } from "@/lib/orders/events";
import { lockOrderOfPayment } from "../settlement";
import { createRefundDue } from "@/lib/orders/refund-due";
import { paidAheadWords, pesapalMessages } from "@/lib/orders/payment-copy";
import { confirmRequestedRefund } from "../refunds";
import { pesapalPaidBy, type PesapalOutcome } from "./status";

export type PesapalRecorded = "paid" | "refund_due" | "failed" | "refunded" | "problem" | "unchanged";

/**
 * Records what Pesapal's status query said of one attempt, exactly once, in one transaction (the
 * attempt's row locked first): a callback and a notification, or two notifications, arriving
 * together settle it once. Money for an order that is cancelled or already paid is kept as paid and
 * flagged 'Refund due'; an amount other than the attempt's pays nothing and is shown to staff.
 * A reversal confirms the refund the shop requested of Pesapal.
 */
export async function recordPesapalOutcome(
  db: Database,
  paymentId: number,
  outcome: PesapalOutcome,
  actor: Actor,
): Promise<PesapalRecorded> {
  if (outcome.kind === "pending") return "unchanged";
  try {
    return await db.transaction(async (tx) => {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
      if (!payment || payment.method !== "pesapal") return "unchanged";
      if (outcome.kind === "reversed") return (await confirmRequestedRefund(tx, payment.id, actor)) ? "refunded" : "unchanged";
      if (payment.outcomeAt) return "unchanged";
      const settle = (values: Partial<typeof payments.$inferInsert>) =>
        tx
          .update(payments)
          .set({ outcomeAt: sql`now()`, updatedAt: sql`now()`, nextCheckAt: null, ...values })
          .where(eq(payments.id, payment.id));

      if (outcome.kind === "failed") {
        await settle({ status: "failed", resultDesc: outcome.description || pesapalMessages.declined });
        return "failed";
      }
      if (outcome.amount !== payment.amount) {
        await settle({ status: "failed", problem: pesapalMessages.amountMismatch(outcome.amount, payment.amount) });
        return "problem";
      }
      const { order, alreadyPaid } = await lockOrderOfPayment(tx, payment);
      const refundDue = order.status === "cancelled" || alreadyPaid;
      await settle({
        status: "paid",
        paidAt: new Date(),
        providerReference: outcome.confirmationCode,
        channel: outcome.channel,
      });
      if (refundDue) {
        const reason = order.status === "cancelled" ? "cancelled" : "paid_twice";
        await createRefundDue(tx, { orderId: order.id, amount: payment.amount, reason });
      } else {
        // Paid after all: a switch to pay on delivery is no longer owed.
        await tx
          .update(payments)
          .set({ status: "cancelled", updatedAt: sql`now()` })
          .where(and(eq(payments.orderId, order.id), eq(payments.method, "pay_on_delivery"), eq(payments.status, "pending")));
      }
      const by = { words: paidAheadWords.pesapal, paidBy: pesapalPaidBy({ channel: outcome.channel }) };
      await paymentReceived(tx, { order, amount: payment.amount, receipt: outcome.confirmationCode, refundDue, actor, by });
      return refundDue ? "refund_due" : "paid";
    });
  } catch (error) {
    if (!isUniqueViolation(error, "payments_provider_reference_unique")) throw error;
    await db
      .update(payments)
      .set({
        problem: pesapalMessages.codeReused(outcome.kind === "completed" ? outcome.confirmationCode : ""),
        updatedAt: sql`now()`,
      })
      .where(eq(payments.id, paymentId));
    return "problem";
  }
}
