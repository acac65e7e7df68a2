import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { orders } from "@/lib/db/schema";
import { listOrderHistory, type OrderHistoryEntry } from "./history";
import { isOrderNumber } from "./order-number";
import { findOrderUnchecked, type OrderView } from "./order-view";

/** An order as the back office shows it: the order with every payment attempt, and every change. */
export type StaffOrder = { order: OrderView; history: OrderHistoryEntry[] };

/**
 * The order with this number for a member of staff (the caller checks the role), or null for an
 * unknown or malformed number.
 */
export async function findOrderForStaff(db: Database, number: unknown): Promise<StaffOrder | null> {
  if (!isOrderNumber(number)) return null;
  const [found] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, number));
  if (!found) return null;
  const [order, history] = await Promise.all([findOrderUnchecked(db, found.id), listOrderHistory(db, found.id)]);
  return order && { order, history };
}
