import "server-only";
import { and, count, eq, exists, gte, lt, or, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { backInStockRequests, checkoutReminders, orders, outbox } from "@/lib/db/schema";
import { orderRevenue, type TimeSpan } from "./revenue";

/** An order counts as won back when it is placed this long after an alert or reminder to its phone or e-mail address. */
export const WON_BACK_DAYS = 7;

export type WonBack = { orders: number; revenue: number };

/**
 * Orders placed within `span` no more than WON_BACK_DAYS after a 'Tell me when it's back' alert, or
 * an unfinished checkout's reminder, went into the outbox for their phone or e-mail address, and
 * their revenue by the shop's rule.
 */
export async function ordersAfterAlerts(db: Database, span: TimeSpan): Promise<WonBack> {
  // Built with eq(), gte() and lt(), which name each column with its table inside the subquery.
  const alerted = db
    .select({ id: backInStockRequests.id })
    .from(backInStockRequests)
    .innerJoin(outbox, eq(outbox.key, sql`'back-in-stock:' || ${backInStockRequests.id}`))
    .where(
      and(
        or(eq(backInStockRequests.contact, orders.phone), eq(backInStockRequests.contact, sql`lower(${orders.email})`)),
        gte(orders.createdAt, backInStockRequests.doneAt),
        lt(orders.createdAt, sql`${backInStockRequests.doneAt} + make_interval(days => ${WON_BACK_DAYS})`),
      ),
    );
  const reminded = db
    .select({ id: checkoutReminders.id })
    .from(checkoutReminders)
    .innerJoin(outbox, eq(outbox.key, sql`'checkout-reminder:' || ${checkoutReminders.id}`))
    .where(
      and(
        or(eq(checkoutReminders.phone, orders.phone), eq(checkoutReminders.email, sql`lower(${orders.email})`)),
        gte(orders.createdAt, checkoutReminders.doneAt),
        lt(orders.createdAt, sql`${checkoutReminders.doneAt} + make_interval(days => ${WON_BACK_DAYS})`),
      ),
    );
  const [row] = await db
    .select({ orders: count(), revenue: sql<number>`coalesce(sum(${orderRevenue()}), 0)::int` })
    .from(orders)
    .where(and(gte(orders.createdAt, span.start), lt(orders.createdAt, span.end), or(exists(alerted), exists(reminded))));
  return row;
}
