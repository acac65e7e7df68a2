import "server-only";
import { countRedemption, releaseRedemption } from "@/lib/discounts/redemptions";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { mpesaMessages, payOnArrival } from "./payment-copy";
import { orderLines, orders, payments, refunds, variants } from "@/lib/db/schema";
import { keepHeldC2b } from "./c2b-money";
import { recordStockMovements } from "@/lib/stock/movements";
import { issueSaleInvoice } from "@/lib/invoices/issue";
import { orderStatusChanged } from "./events";
import { findOrderUnchecked, type OrderView } from "./order-view";
import { createRefundDue } from "./refund-due";
import { isOrderNumber } from "./order-number";
import { statusChangeSchema, statusMessages } from "./status-change-rules";
import { nextOrderStatuses, type OrderStatus } from "./status";
import { recordShipment } from "@/lib/couriers/shipments";
import type { ShipmentField } from "@/lib/couriers/courier-rules";
import type { FieldErrors } from "@/lib/core/form-schema";

export type StatusChange =
  | { ok: true; order: OrderView }
  | {
      ok: false;
      reason: "unknown_order" | "unknown_status" | "not_allowed" | "reason_required" | "awaiting_payment";
      error: string;
    }
  | { ok: false; reason: "changed_meanwhile"; error: string; current: OrderStatus }
  | { ok: false; reason: "invalid_shipment"; error: string; errors: FieldErrors<ShipmentField> };

/**
 * Moves an order to its next status, for the shop's staff (the caller checks who may). Only the
 * moves in nextOrderStatuses are allowed. With `expectedStatus` (the status the staff member saw),
 * a change that someone else made first wins and this one changes nothing. Cancelling needs a
 * reason, a failed delivery one from its list (`failureReason`). Cancelling, and a parcel returned
 * to the shop, close the order (closeOrder: stock back, money owed back); delivery settles a
 * pay-on-delivery payment, which makes the sale and issues its tax invoice. One transaction records the change in the order's history and queues
 * the shopper's bell notification and e-mail.
 */
export async function updateOrderStatus(
  db: Database,
  input: {
    number: unknown;
    status: unknown;
    expectedStatus?: unknown;
    note?: unknown;
    failureReason?: unknown;
    /** Dispatching a delivered order: its courier, waybill and office (lib/couriers/shipments.ts). */
    shipment?: Partial<Record<ShipmentField, unknown>>;
    actor: Actor;
    /** False: the shopper hears by bell and e-mail only (an unpaid order's expiry: see expireUnpaidOrders). */
    text?: boolean;
  },
): Promise<StatusChange> {
  if (!isOrderNumber(input.number)) return { ok: false, reason: "unknown_order", error: statusMessages.unknownOrder };
  const number = input.number;
  const parsed = statusChangeSchema.safeParse(input);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    return { ok: false, reason: issue.path[0] === "status" ? "unknown_status" : "reason_required", error: issue.message };
  }
  const { status, note } = parsed.data;

  const changed = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.number, number)).for("update");
    if (!order) return { ok: false as const, reason: "unknown_order" as const, error: statusMessages.unknownOrder };
    if (input.expectedStatus !== undefined && input.expectedStatus !== order.status) {
      return {
        ok: false as const,
        reason: "changed_meanwhile" as const,
        error: statusMessages.changedMeanwhile(order.status),
        current: order.status,
      };
    }
    if (!nextOrderStatuses(order.fulfilment, order.status).includes(status)) {
      return { ok: false as const, reason: "not_allowed" as const, error: statusMessages.notAllowed(order.status, status) };
    }
    if (status === "confirmed" && (await isAwaitingMpesa(tx, order.id))) {
      return { ok: false as const, reason: "awaiting_payment" as const, error: mpesaMessages.awaitingPayment };
    }

    // A delivered order leaves with its courier and waybill recorded (the rider's needs neither). Staff's
    // form always posts them; a caller with none yet (a later courier integration) dispatches without.
    const sent = status === "dispatched" && order.fulfilment === "delivery" && input.shipment !== undefined;
    const shipment = sent ? await recordShipment(tx, order, input.shipment!, input.actor) : null;
    if (shipment && !shipment.ok) {
      const error = Object.values(shipment.errors)[0] ?? "";
      return { ok: false as const, reason: "invalid_shipment" as const, error, errors: shipment.errors };
    }

    await tx
      .update(orders)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id));
    const closing = status === "cancelled" ? "cancelled" : status === "returned" ? "delivery_failed" : null;
    const owed = closing ? await closeOrder(tx, order.id, input.actor, closing) : 0;
    // A cancelled order gives its discount code's use back (a parcel returned to the shop keeps it).
    if (status === "cancelled") await releaseRedemption(tx, order.id);
    if (status === "confirmed") await countRedemption(tx, order.id);
    const paidOnArrival = status === "delivered" && (await settlePayOnDelivery(tx, order.id));
    if (paidOnArrival) await issueSaleInvoice(tx, { orderId: order.id, paidBy: "cash" });
    const recorded = [note, shipment?.note ?? "", paidOnArrival ? payOnArrival[order.fulfilment].paid : ""]
      .filter(Boolean)
      .join(" ");
    const change = { order, from: order.status, to: status, actor: input.actor, note: recorded, owed, text: input.text };
    await orderStatusChanged(tx, change);
    return { ok: true as const, id: order.id };
  });
  if (!changed.ok) return changed;
  return { ok: true, order: (await findOrderUnchecked(db, changed.id))! };
}

/**
 * Closes an order whose parcel will not reach the buyer (cancelled, or returned to the shop): its
 * units go back on sale as stock movements, a pending payment is owed no more, and M-Pesa money
 * received and not yet owed back (Paybill/Till parts held below the total too) becomes a refund due.
 * Returns the amount now owed back.
 */
async function closeOrder(db: Database, orderId: number, actor: Actor, why: "cancelled" | "delivery_failed"): Promise<number> {
  const reason = why === "cancelled" ? "cancellation" : "returned_to_shop";
  // In variant order, like placeOrder, so the two never wait on each other in a cycle.
  const lines = await db
    .select({ variantId: orderLines.variantId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.variantId));
  for (const { variantId, quantity } of lines) {
    if (variantId === null) continue;
    const [returned] = await db
      .update(variants)
      .set({ stock: sql`${variants.stock} + ${quantity}` })
      .where(eq(variants.id, variantId))
      .returning({ stock: variants.stock });
    if (returned) {
      await recordStockMovements(db, [{ variantId, reason, change: quantity, level: returned.stock, actor, orderId }]);
    }
  }
  await db
    .update(payments)
    .set({ status: "cancelled", updatedAt: sql`now()` })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "pending")));
  await keepHeldC2b(db, orderId);
  const [{ received }] = await db
    .select({ received: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.method, ["mpesa", "pesapal"]), eq(payments.status, "paid")));
  const [{ owedAlready }] = await db
    .select({ owedAlready: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.orderId, orderId));
  const owed = received - owedAlready;
  if (owed > 0) await createRefundDue(db, { orderId, amount: owed, reason: why });
  return Math.max(owed, 0);
}

/** Paid by nothing yet, and not switched to pay on delivery: its latest attempt is an unpaid M-Pesa (or Pesapal) one. */
async function isAwaitingMpesa(db: Database, orderId: number): Promise<boolean> {
  const [latest] = await db
    .select({ method: payments.method, status: payments.status })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.id))
    .limit(1);
  if (!latest || latest.method === "pay_on_delivery") return false;
  const [paid] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "paid")));
  return paid === undefined;
}

/** Whether a pending pay-on-delivery payment was there to settle. */
async function settlePayOnDelivery(db: Database, orderId: number): Promise<boolean> {
  const settled = await db
    .update(payments)
    .set({ status: "paid", paidAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(payments.orderId, orderId), eq(payments.method, "pay_on_delivery"), eq(payments.status, "pending")))
    .returning({ id: payments.id });
  return settled.length > 0;
}
