import "server-only";
import { and, eq, exists, lte, not, sql } from "drizzle-orm";
import { theShop } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { env } from "@/lib/env";
import { orders, payments } from "@/lib/db/schema";
import { updateOrderStatus } from "./status-changes";

/** How long staff have to confirm a pay-on-delivery order, from the shop's settings. */
export const confirmWindowMs = () => env().PAY_ON_DELIVERY_CONFIRM_HOURS * 3_600_000;

/**
 * Cancels every pay-on-delivery order that staff have not confirmed within the window, so that
 * unclaimed orders cannot hold the shop's stock: each one like a cancellation by staff, with its
 * stock put back and the shopper told (bell and e-mail). Answers the numbers it cancelled.
 */
export async function expireUnconfirmedOrders(db: Database, windowMs = confirmWindowMs()): Promise<string[]> {
  const onDelivery = db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orders.id), eq(payments.method, "pay_on_delivery"), eq(payments.status, "pending")));
  const paid = db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orders.id), eq(payments.status, "paid")));
  const due = await db
    .select({ number: orders.number })
    .from(orders)
    .where(
      and(
        eq(orders.status, "placed"),
        lte(orders.createdAt, sql`now() - make_interval(secs => ${windowMs / 1000})`),
        exists(onDelivery),
        not(exists(paid)),
      ),
    );
  const hours = Math.max(1, Math.round(windowMs / 3_600_000));
  const cancelled: string[] = [];
  for (const { number } of due) {
    // expectedStatus: staff who confirm it meanwhile win, and it is left alone.
    const change = await updateOrderStatus(db, {
      number,
      status: "cancelled",
      expectedStatus: "placed",
      note: `Not confirmed within ${hours} ${hours === 1 ? "hour" : "hours"}.`,
      actor: theShop,
    });
    if (change.ok) cancelled.push(number);
  }
  return cancelled;
}
