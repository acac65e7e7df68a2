import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { orders } from "@/lib/db/schema";
import { listOrderHistory, type OrderHistoryEntry } from "./history";
import { listOrderMessages, type OrderMessage } from "./order-messages";
import { isOrderNumber } from "./order-number";
import { findOrderUnchecked, type OrderView } from "./order-view";

/** An order as the back office shows it: the order with every payment attempt, every change and every message to the shopper. */
export type StaffOrder = { order: OrderView; history: OrderHistoryEntry[]; messages: OrderMessage[] };

/**
 * The order with this number for a member of staff (the caller checks the role), or null for an
 * unknown or malformed number.
 */
export async function findOrderForStaff(db: Database, number: unknown): Promise<StaffOrder | null> {
  if (!isOrderNumber(number)) return null;
  const [found] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, number));
  if (!found) return null;
  const [order, history, messages] = await Promise.all([
    findOrderUnchecked(db, found.id),
    listOrderHistory(db, found.id),
    listOrderMessages(db, { id: found.id, number }),
  ]);
  return order && { order, history, messages };
}
