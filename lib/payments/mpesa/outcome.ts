import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { c2bPayments, payments } from "@/lib/db/schema";
import { isUniqueViolation } from "@/lib/db/errors";
import { paymentReceived } from "@/lib/orders/events";
import { lockOrderOfPayment } from "../settlement";
import { createRefundDue } from "@/lib/orders/refund-due";
import { keepHeldC2b } from "@/lib/orders/c2b-money";
import { mpesaMessages } from "@/lib/orders/payment-copy";
import { msisdnFits } from "./c2b-parse";

/** What M-Pesa said of one push: its result code (0 paid), and from a callback the amount and receipt. */
export type MpesaOutcome = {
  resultCode: number | null;
  resultDesc: string;
  /** From the callback only; the STK Query reports neither. */
  amount?: number;
  receipt?: string;
};

export type OutcomeResult = "paid" | "refund_due" | "failed" | "problem" | "unchanged";

/**
 * Records M-Pesa's outcome of one attempt, exactly once, in one transaction: the same callback
 * twice, or a callback after the query already settled it, changes nothing the second time (but
 * may fill in a receipt the query could not give). Money that arrives for an order that is
 * cancelled, expired or already paid is kept as paid and flagged 'Refund due'. An amount that
 * differs from the attempt's, or a receipt already used, is recorded for staff and pays nothing.
 */
export async function recordMpesaOutcome(
  db: Database,
  paymentId: number,
  outcome: MpesaOutcome,
  actor: Actor,
): Promise<OutcomeResult> {
  try {
    return await db.transaction(async (tx) => {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
      if (!payment || payment.method !== "mpesa") return "unchanged";
      // Settled already; only a success can still overturn 'M-Pesa did not answer in time'.
      const gaveUp = payment.status === "failed" && payment.resultCode === null && !payment.problem;
      if (payment.outcomeAt && !(gaveUp && outcome.resultCode === 0)) return fillInReceipt(tx, payment, outcome);

      const settle = (values: Partial<typeof payments.$inferInsert>) =>
        tx
          .update(payments)
          .set({
            resultCode: outcome.resultCode,
            resultDesc: outcome.resultDesc,
            outcomeAt: sql`now()`,
            updatedAt: sql`now()`,
            ...values,
          })
          .where(eq(payments.id, payment.id));

      if (outcome.resultCode !== 0) {
        await settle(payment.status === "pending" ? { status: "failed" } : {});
        if (payment.outcomeAt) return "unchanged";
        return "failed";
      }
      if (outcome.amount !== undefined && outcome.amount !== payment.amount) {
        await settle({ status: "failed", problem: mpesaMessages.amountMismatch(outcome.amount, payment.amount) });
        return "problem";
      }

      const { order, alreadyPaid } = await lockOrderOfPayment(tx, payment);
      const sameMoney = await paidByConfirmation(tx, order.id, payment, outcome.receipt);
      if (sameMoney) {
        await settle({ status: "cancelled", resultDesc: mpesaMessages.countedOnce(sameMoney) });
        return "unchanged";
      }
      const refundDue = order.status === "cancelled" || alreadyPaid;
      await settle({ status: "paid", paidAt: new Date(), providerReference: outcome.receipt ?? null });
      if (refundDue) {
        const reason = order.status === "cancelled" ? "cancelled" : "paid_twice";
        await createRefundDue(tx, { orderId: order.id, amount: payment.amount, reason });
      } else {
        // Paid after all: a switch to pay on delivery is no longer owed.
        await tx
          .update(payments)
          .set({ status: "cancelled", updatedAt: sql`now()` })
          .where(and(eq(payments.orderId, order.id), eq(payments.method, "pay_on_delivery"), eq(payments.status, "pending")));
        // Paybill/Till parts paid towards it meanwhile are now more than it owed.
        const held = await keepHeldC2b(tx, order.id);
        if (held > 0) await createRefundDue(tx, { orderId: order.id, amount: held, reason: "overpaid" });
      }
      await paymentReceived(tx, { order, amount: payment.amount, receipt: outcome.receipt ?? null, refundDue, actor });
      return refundDue ? "refund_due" : "paid";
    });
  } catch (error) {
    if (!isUniqueViolation(error, "payments_provider_reference_unique")) throw error;
    await db
      .update(payments)
      .set({ problem: mpesaMessages.receiptReused(outcome.receipt ?? ""), updatedAt: sql`now()` })
      .where(eq(payments.id, paymentId));
    return "problem";
  }
}

/**
 * The M-Pesa code of a Paybill confirmation that already counted this prompt's money: M-Pesa reports a
 * prompt's payment to the confirmation URL too, under the same code (its receipt). Without the receipt
 * (the query gives none), the confirmation of the same amount from the prompt's phone is taken as it;
 * should it truly have been a second payment, staff add its code from the statement.
 */
async function paidByConfirmation(
  tx: Database,
  orderId: number,
  attempt: typeof payments.$inferSelect,
  receipt: string | undefined,
): Promise<string | null> {
  const confirmed = await tx
    .select({ transId: c2bPayments.transId, msisdn: c2bPayments.msisdn })
    .from(c2bPayments)
    .where(and(eq(c2bPayments.orderId, orderId), eq(c2bPayments.status, "applied"), eq(c2bPayments.amount, attempt.amount)));
  const same = confirmed.find((c2b) =>
    receipt ? c2b.transId === receipt : attempt.phone !== null && msisdnFits(c2b.msisdn, attempt.phone),
  );
  return same?.transId ?? null;
}

/** A callback after the query settled the payment: its receipt, once its amount matches. */
async function fillInReceipt(tx: Database, payment: typeof payments.$inferSelect, outcome: MpesaOutcome): Promise<OutcomeResult> {
  const fits = payment.status === "paid" && !payment.providerReference && outcome.resultCode === 0 && outcome.receipt;
  if (!fits || (outcome.amount !== undefined && outcome.amount !== payment.amount)) return "unchanged";
  await tx
    .update(payments)
    .set({ providerReference: outcome.receipt, updatedAt: sql`now()` })
    .where(eq(payments.id, payment.id));
  return "unchanged";
}
