import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { theShop, type Actor } from "@/lib/auth/actor";
import { formatKsh } from "@/lib/catalog/price";
import type { Database } from "@/lib/db";
import { c2bPayments, orderHistory, orders, payments, refunds } from "@/lib/db/schema";
import type { OrderStatus } from "@/lib/db/values";
import { alertStaff } from "@/lib/notifications/staff-alerts";
import { heldC2b, recordC2bPaid } from "@/lib/orders/c2b-money";
import { paymentReceived } from "@/lib/orders/events";
import { c2bMessages } from "@/lib/orders/payment-copy";
import { createRefundDue } from "@/lib/orders/refund-due";
import { isClosed } from "@/lib/orders/status";
import { staffOrderPath } from "@/lib/orders/staff-filters";

/** What a Paybill/Till payment did to the order it was matched to. */
export type C2bApplied = "paid" | "part_paid" | "overpaid" | "paid_twice" | "closed";

/**
 * Applies one stored Paybill/Till payment to an order, inside the caller's transaction: held while
 * the order's C2B money stays below its total (the shopper and staff see the part paid); once the
 * total is reached, all of it becomes one paid payment with the same events as a PIN-prompt payment,
 * and any excess is 'Refund due'. Money for an order already paid, or closed (cancelled, expired,
 * returned), is kept as paid and owed back in full; a closed order's also rings the staff bell, once:
 * more payments to it join the refund already due (see oweBackToClosedOrder).
 */
export async function applyC2bToOrder(
  tx: Database,
  c2b: { id: number; transId: string; amount: number },
  orderId: number,
  actor: Actor,
): Promise<C2bApplied> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  const [alreadyPaid] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "paid")));
  const closed = isClosed(order.status);
  if (closed || alreadyPaid) {
    await recordC2bPaid(tx, { orderId, amount: c2b.amount, transId: c2b.transId, c2bIds: [c2b.id] });
    await paymentReceived(tx, { order, amount: c2b.amount, receipt: c2b.transId, refundDue: true, actor });
    if (closed) await oweBackToClosedOrder(tx, order, c2b);
    else await createRefundDue(tx, { orderId, amount: c2b.amount, reason: "paid_twice" });
    return closed ? "closed" : "paid_twice";
  }

  const held = await heldC2b(tx, orderId);
  const received = held.reduce((sum, part) => sum + part.amount, c2b.amount);
  if (received < order.total) {
    await tx.update(c2bPayments).set({ status: "held", orderId }).where(eq(c2bPayments.id, c2b.id));
    await tx.insert(orderHistory).values({
      orderId,
      actorId: actor.id,
      actorLabel: actor.label,
      fromStatus: order.status,
      toStatus: order.status,
      note: c2bMessages.partPaidNote(c2b.amount, c2b.transId, order.total - received),
    });
    return "part_paid";
  }

  await recordC2bPaid(tx, { orderId, amount: received, transId: c2b.transId, c2bIds: [c2b.id, ...held.map((part) => part.id)] });
  if (received > order.total) await createRefundDue(tx, { orderId, amount: received - order.total, reason: "overpaid" });
  // Paid after all: a switch to pay on delivery is no longer owed.
  await tx
    .update(payments)
    .set({ status: "cancelled", updatedAt: sql`now()` })
    .where(and(eq(payments.orderId, orderId), eq(payments.method, "pay_on_delivery"), eq(payments.status, "pending")));
  await paymentReceived(tx, { order, amount: received, receipt: c2b.transId, refundDue: false, actor });
  return received > order.total ? "overpaid" : "paid";
}

/**
 * Money paid to a closed order is owed back. While a refund for a closed order is still due on it, the
 * payment joins that refund (the history names its code) instead of making a row and a bell of its
 * own: a script's shillings become one row for staff.
 */
async function oweBackToClosedOrder(
  tx: Database,
  order: { id: number; number: string; status: OrderStatus },
  c2b: { transId: string; amount: number },
) {
  const [due] = await tx
    .select({ id: refunds.id, amount: refunds.amount })
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), eq(refunds.status, "due"), eq(refunds.reason, "cancelled")))
    .orderBy(refunds.id)
    .limit(1)
    .for("update");
  if (!due) {
    await createRefundDue(tx, { orderId: order.id, amount: c2b.amount, reason: "cancelled" });
    await alertStaff(tx, closedOrderAlert(order.number, c2b.amount));
    return;
  }
  const amount = due.amount + c2b.amount;
  await tx.update(refunds).set({ amount }).where(eq(refunds.id, due.id));
  await tx.insert(orderHistory).values({
    orderId: order.id,
    actorId: theShop.id,
    actorLabel: theShop.label,
    fromStatus: order.status,
    toStatus: order.status,
    note: c2bMessages.addedToRefund(formatKsh(c2b.amount), c2b.transId, formatKsh(amount)),
  });
}

const closedOrderAlert = (number: string, amount: number) => ({
  kind: "order_status_changed" as const,
  title: c2bMessages.closedOrderTitle(number),
  body: c2bMessages.closedOrderBody(formatKsh(amount)),
  link: staffOrderPath(number),
});
