import "server-only";
import { and, eq, exists, lt, or, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { orders, payments, user } from "@/lib/db/schema";

/**
 * Whether the shop knew an e-mail address before this order: a verified account has it (an
 * unverified one proves nothing: anybody can sign up with anybody's address), or an earlier order
 * to it was paid or delivered. Mail to an address never known carries none of the form's
 * free text (a name, notes, a street), so a stranger cannot make the shop deliver their words to
 * anyone, not even by placing an unpaid order to the address first.
 */
export async function isKnownAddress(db: Database, email: string, orderId: number): Promise<boolean> {
  const address = email.trim().toLowerCase();
  const [account] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(sql`lower(${user.email})`, address), eq(user.emailVerified, true)))
    .limit(1);
  if (account) return true;
  const paidPayment = db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orders.id), eq(payments.status, "paid")));
  const [earlier] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(sql`lower(${orders.email})`, address),
        lt(orders.id, orderId),
        or(eq(orders.status, "delivered"), exists(paidPayment)),
      ),
    )
    .limit(1);
  return earlier !== undefined;
}
