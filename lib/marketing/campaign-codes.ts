import "server-only";
import { and, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { campaigns, discountCodes, orders } from "@/lib/db/schema";
import { orderRevenue } from "@/lib/orders/revenue";
import { nairobiDay, type CalendarDate } from "@/lib/time/nairobi";

/** A discount code linked to a campaign, with its orders and revenue within the campaign table's dates. */
export type CampaignCodeRow = { id: number; campaign: string; code: string; orders: number; revenue: number };

/**
 * Every code linked to a campaign, newest first: orders by the order's date, revenue by the shop's
 * rule (lib/orders/revenue.ts) within the Nairobi dates `from` to `to` (both included), as the
 * campaign table counts its links.
 */
export async function campaignCodeReport(
  db: Database,
  range: { from: CalendarDate; to: CalendarDate },
): Promise<CampaignCodeRow[]> {
  const start = nairobiDay(range.from).start;
  const end = nairobiDay(range.to).end;
  const sales = db
    .select({ codeId: orders.discountCodeId, orders: count().as("orders") })
    .from(orders)
    .where(and(sql`${orders.discountCodeId} is not null`, gte(orders.createdAt, start), lt(orders.createdAt, end)))
    .groupBy(orders.discountCodeId)
    .as("code_sales");
  const money = db
    .select({ codeId: orders.discountCodeId, revenue: sql<number>`sum(${orderRevenue({ start, end })})`.as("revenue") })
    .from(orders)
    .where(sql`${orders.discountCodeId} is not null`)
    .groupBy(orders.discountCodeId)
    .as("code_money");
  return db
    .select({
      id: discountCodes.id,
      campaign: campaigns.name,
      code: discountCodes.code,
      orders: sql<number>`coalesce(${sales.orders}, 0)::int`,
      revenue: sql<number>`coalesce(${money.revenue}, 0)::int`,
    })
    .from(discountCodes)
    .innerJoin(campaigns, eq(campaigns.id, discountCodes.campaignId))
    .leftJoin(sales, eq(sales.codeId, discountCodes.id))
    .leftJoin(money, eq(money.codeId, discountCodes.id))
    .orderBy(desc(discountCodes.id));
}
