import "server-only";
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { orders, payments } from "@/lib/db/schema";

/**
 * The order a payment is settling, locked for the rest of the transaction, and whether another of
 * its payments already paid it. The order is locked after the payment, as everywhere, so two
 * settlements never deadlock.
 */
export async function lockOrderOfPayment(tx: Database, payment: { id: number; orderId: number }) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for("update");
  const [alreadyPaid] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, "paid"), ne(payments.id, payment.id)));
  return { order, alreadyPaid: alreadyPaid !== undefined };
}
