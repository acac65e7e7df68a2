import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { c2bPayments, payments } from "@/lib/db/schema";
import { c2bMessages } from "./payment-copy";

// Paybill/Till money (C2B) as orders hold it. It lives with orders because closing one must keep
// what it held; lib/payments/mpesa/c2b-apply.ts applies new payments with it.

/** The Paybill/Till parts an order holds below its total, oldest first. */
export function heldC2b(tx: Database, orderId: number) {
  return tx
    .select({ id: c2bPayments.id, transId: c2bPayments.transId, amount: c2bPayments.amount })
    .from(c2bPayments)
    .where(and(eq(c2bPayments.orderId, orderId), eq(c2bPayments.status, "held")))
    .orderBy(asc(c2bPayments.id));
}

/**
 * Records Paybill/Till money on an order as one paid M-Pesa payment (`transId` its reference) and
 * marks its parts applied to it, inside the caller's transaction. Returns the payment's id.
 */
export async function recordC2bPaid(
  tx: Database,
  input: { orderId: number; amount: number; transId: string; c2bIds: number[] },
): Promise<number> {
  const [payment] = await tx
    .insert(payments)
    .values({
      orderId: input.orderId,
      method: "mpesa",
      status: "paid",
      amount: input.amount,
      providerReference: input.transId,
      resultCode: 0,
      resultDesc: c2bMessages.paidByC2b,
      outcomeAt: sql`now()`,
      paidAt: sql`now()`,
    })
    .returning({ id: payments.id });
  await tx
    .update(c2bPayments)
    .set({ status: "applied", orderId: input.orderId, paymentId: payment.id })
    .where(inArray(c2bPayments.id, input.c2bIds));
  return payment.id;
}

/**
 * The parts an order held, kept as one paid payment so that they can be owed back: when it closes,
 * or when a prompt's payment paid it in full. Returns their amount (0 when it held none).
 */
export async function keepHeldC2b(tx: Database, orderId: number): Promise<number> {
  const held = await heldC2b(tx, orderId);
  if (held.length === 0) return 0;
  const amount = held.reduce((sum, part) => sum + part.amount, 0);
  await recordC2bPaid(tx, { orderId, amount, transId: held[0].transId, c2bIds: held.map((part) => part.id) });
  return amount;
}
