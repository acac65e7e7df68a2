import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { hashGuestToken, isGuestToken } from "@/lib/cart/owner";
import type { Database } from "@/lib/db";
import { orderLines, orders } from "@/lib/db/schema";
import { isOrderNumber } from "./order-number";
import { findOrderUnchecked, type OrderView } from "./order-view";

export type OrderSummary = Pick<
  OrderView,
  "number" | "status" | "fulfilment" | "createdAt" | "total" | "itemCount" | "deliveryWindow"
>;

/** Who is asking: the signed-in user's id from the session, and/or the guest cart cookie's token. */
export type OrderOwnerCredentials = { userId?: string | null; guestToken?: unknown };

/**
 * The order with this number, if the one asking owns it: the signed-in user who placed it, or
 * the browser whose cart cookie placed it as a guest. Anyone else gets null, as for an
 * unknown number, so order numbers reveal nothing.
 */
export async function findOrderForOwner(
  db: Database,
  number: unknown,
  credentials: OrderOwnerCredentials,
): Promise<OrderView | null> {
  if (!isOrderNumber(number)) return null;
  const owners = [];
  if (credentials.userId) owners.push(eq(orders.userId, credentials.userId));
  if (isGuestToken(credentials.guestToken)) owners.push(eq(orders.guestTokenHash, hashGuestToken(credentials.guestToken)));
  if (owners.length === 0) return null;
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.number, number), sql`(${sql.join(owners, sql` or `)})`));
  return order ? findOrderUnchecked(db, order.id) : null;
}

/** The user's orders, newest first. */
export async function listUserOrders(db: Database, userId: string): Promise<OrderSummary[]> {
  const rows = await db
    .select({
      number: orders.number,
      status: orders.status,
      fulfilment: orders.fulfilment,
      createdAt: orders.createdAt,
      total: orders.total,
      earliest: orders.deliveryEarliest,
      latest: orders.deliveryLatest,
      itemCount: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int`,
    })
    .from(orders)
    .leftJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(eq(orders.userId, userId))
    .groupBy(orders.id)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map(({ earliest, latest, ...row }) => ({ ...row, deliveryWindow: { earliest, latest } }));
}

/**
 * Attaches the orders a guest placed with this cart token, and no account, to the user who has
 * just signed in or up in that browser, so they stay reachable once the cookie is forgotten.
 * Answers how many were attached.
 */
export async function adoptGuestOrders(db: Database, input: { guestToken: unknown; userId: string }): Promise<number> {
  if (!isGuestToken(input.guestToken)) return 0;
  const adopted = await db
    .update(orders)
    .set({ userId: input.userId })
    .where(and(eq(orders.guestTokenHash, hashGuestToken(input.guestToken)), isNull(orders.userId)))
    .returning({ id: orders.id });
  return adopted.length;
}
