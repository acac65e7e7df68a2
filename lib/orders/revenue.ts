import "server-only";
import { and, ne, sql } from "drizzle-orm";
import { orders, payments } from "@/lib/db/schema";

/**
 * Whether an order counts as a sale, in SQL over `orders`: not cancelled, and its money assured:
 * an M-Pesa payment received (and not owed back), or the order is now paid on delivery (its
 * latest payment attempt, after a switch too). The dashboard and the campaign table count alike.
 */
export const countsAsSale = and(
  ne(orders.status, "cancelled"),
  sql`(exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.method} = 'mpesa' and ${payments.status} = 'paid')
    or (select ${payments.method} from ${payments} where ${payments.orderId} = ${orders.id} order by ${payments.id} desc limit 1) = 'pay_on_delivery')`,
)!;

/** The sum of the totals (delivery included) of the orders that count as sales, 0 for none. */
export const revenueSum = sql<number>`coalesce(sum(${orders.total}) filter (where ${countsAsSale}), 0)::int`;
