import "server-only";
import { eq } from "drizzle-orm";
import { theShop } from "@/lib/auth/actor";
import { formatKsh } from "@/lib/catalog/price";
import type { Database } from "@/lib/db";
import { orderHistory, orders, refunds, type RefundReason } from "@/lib/db/schema";
import { refundMessages, refundReasonLabels } from "./refund-rules";

export type RefundDue = { ok: true; refundId: number } | { ok: false; reason: "amount" | "unknown_order"; error: string };

/**
 * The shop owes `amount` back on an order: a refund 'due' in the ledger and a line in the order's
 * history, inside the caller's transaction (a cancellation, a parcel returned, a return received).
 * It lives with orders because their changes owe it; lib/payments/refunds.ts exports it beside
 * recordRefund.
 */
export async function createRefundDue(
  tx: Database,
  input: { orderId: number; amount: number; reason: RefundReason; returnId?: number },
): Promise<RefundDue> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) return { ok: false, reason: "amount", error: refundMessages.amount };
  const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, input.orderId));
  if (!order) return { ok: false, reason: "unknown_order", error: refundMessages.unknownOrder };
  const [refund] = await tx
    .insert(refunds)
    .values({ orderId: input.orderId, amount: input.amount, reason: input.reason, returnId: input.returnId ?? null })
    .returning({ id: refunds.id });
  await tx.insert(orderHistory).values({
    orderId: input.orderId,
    actorId: theShop.id,
    actorLabel: theShop.label,
    fromStatus: order.status,
    toStatus: order.status,
    note: `Refund due: ${formatKsh(input.amount)}, because ${refundReasonLabels[input.reason]}.`,
  });
  return { ok: true, refundId: refund.id };
}
