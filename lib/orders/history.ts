import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { orderHistory } from "@/lib/db/schema";
import type { OrderStatus } from "./status";

/** One change of an order: who made it (as named then), when, from which status to which, and the note (a cancellation's reason). */
export type OrderHistoryEntry = {
  id: number;
  at: Date;
  actorLabel: string;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  note: string;
};

/** Every change of an order, oldest first (its placing included). */
export async function listOrderHistory(db: Database, orderId: number): Promise<OrderHistoryEntry[]> {
  return db
    .select({
      id: orderHistory.id,
      at: orderHistory.at,
      actorLabel: orderHistory.actorLabel,
      fromStatus: orderHistory.fromStatus,
      toStatus: orderHistory.toStatus,
      note: orderHistory.note,
    })
    .from(orderHistory)
    .where(eq(orderHistory.orderId, orderId))
    .orderBy(asc(orderHistory.id));
}
