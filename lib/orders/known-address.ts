import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { orders, user } from "@/lib/db/schema";

/**
 * Whether the shop knew an e-mail address before this order: an account has it, or an earlier
 * order did. Mail to an address never seen before carries none of the form's free text (a name,
 * notes, a street), so a stranger cannot make the shop deliver their words to anyone.
 */
export async function isKnownAddress(db: Database, email: string, orderId: number): Promise<boolean> {
  const address = email.trim().toLowerCase();
  const [account] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, address))
    .limit(1);
  if (account) return true;
  const [earlier] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(sql`lower(${orders.email})`, address), lt(orders.id, orderId)))
    .limit(1);
  return earlier !== undefined;
}
