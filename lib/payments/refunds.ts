import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { orderHistory, orders, payments } from "@/lib/db/schema";
import { formatKsh } from "@/lib/catalog/price";

export const refundMessages = {
  notDue: "No refund is due on this payment.",
  reference: "Enter the M-Pesa reference of the reversal (8 to 20 letters and digits).",
} as const;

/**
 * Staff sent money back outside the shop (an M-Pesa reversal): the payment becomes refunded,
 * with its reference, and the order's history says who recorded it. Only a payment flagged
 * 'Refund due' can be refunded, once.
 */
export async function recordRefund(
  db: Database,
  input: { paymentId: number; reference: unknown; actor: Actor },
): Promise<{ ok: true } | { ok: false; error: string }> {
  const reference = typeof input.reference === "string" ? input.reference.trim().toUpperCase() : "";
  if (!/^[A-Z0-9]{8,20}$/.test(reference)) return { ok: false, error: refundMessages.reference };
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .update(payments)
      .set({ status: "refunded", refundDue: false, refundReference: reference, refundedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(payments.id, input.paymentId), eq(payments.refundDue, true), eq(payments.status, "paid")))
      .returning({ orderId: payments.orderId, amount: payments.amount });
    if (!payment) return { ok: false as const, error: refundMessages.notDue };
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, payment.orderId));
    await tx.insert(orderHistory).values({
      orderId: payment.orderId,
      actorId: input.actor.id,
      actorLabel: input.actor.label,
      fromStatus: order.status,
      toStatus: order.status,
      note: `Refunded ${formatKsh(payment.amount)} by M-Pesa, reference ${reference}.`,
    });
    return { ok: true as const };
  });
}
