import "server-only";
import { and, count, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { orders, payments, refunds } from "@/lib/db/schema";
import { addDays, nairobiDay, type CalendarDate } from "@/lib/time/nairobi";

// The shop's one revenue rule, for the dashboard, the campaign table and the CSV export. Money
// counts on the Nairobi day it arrives: M-Pesa when M-Pesa confirms the payment, pay on delivery
// when the rider collects it on delivery (both `payments.paidAt`). A refund subtracts on the day
// staff record it as sent (`refunds.recordedAt`); one still due changes nothing yet. So an order
// that never paid counts nothing, and one paid then refunded nets to zero over time.

/** The rule in the back office's words (dashboard, campaign table). */
export const revenueRuleNote =
  "Money received: M-Pesa when paid, pay on delivery when delivered, delivery included; refunds subtracted when sent.";

/** Instants from `start` (included) to `end` (excluded). */
export type TimeSpan = { start: Date; end: Date };

const received = (span?: TimeSpan) =>
  and(eq(payments.status, "paid"), span && gte(payments.paidAt, span.start), span && lt(payments.paidAt, span.end));
const refunded = (span?: TimeSpan) =>
  and(eq(refunds.status, "recorded"), span && gte(refunds.recordedAt, span.start), span && lt(refunds.recordedAt, span.end));

/** The revenue of the `orders` row in the query (a correlated subquery), from money that moved within `span` (all time without). */
export function orderRevenue(span?: TimeSpan): SQL<number> {
  // Built with eq() and and(), which name each column with its table: a bare "id" would mean the subquery's own.
  const inOrder = and(eq(payments.orderId, orders.id), received(span));
  const outOfOrder = and(eq(refunds.orderId, orders.id), refunded(span));
  return sql<number>`(coalesce((select sum(${payments.amount}) from ${payments} where ${inOrder}), 0)
    - coalesce((select sum(${refunds.amount}) from ${refunds} where ${outOfOrder}), 0))::int`;
}

/** One Nairobi day's figures: revenue (refunds already subtracted), orders placed, refunds recorded (whole KSh). */
export type DaySales = { date: CalendarDate; revenue: number; orders: number; refunds: number };

/** Every Nairobi day from `from` to `to` (both included), oldest first; a quiet day is all zeros. */
export async function listDailySales(db: Database, from: CalendarDate, to: CalendarDate): Promise<DaySales[]> {
  const span = { start: nairobiDay(from).start, end: nairobiDay(to).end };
  const day = (column: SQL | typeof orders.createdAt) =>
    sql<string>`to_char(${column} at time zone 'Africa/Nairobi', 'YYYY-MM-DD')`;
  const [paid, sent, placed] = await Promise.all([
    db
      .select({ date: day(sql`${payments.paidAt}`), amount: sql<number>`sum(${payments.amount})::int` })
      .from(payments)
      .where(received(span))
      .groupBy(sql`1`),
    db
      .select({ date: day(sql`${refunds.recordedAt}`), amount: sql<number>`sum(${refunds.amount})::int` })
      .from(refunds)
      .where(refunded(span))
      .groupBy(sql`1`),
    db
      .select({ date: day(orders.createdAt), orders: count() })
      .from(orders)
      .where(and(gte(orders.createdAt, span.start), lt(orders.createdAt, span.end)))
      .groupBy(sql`1`),
  ]);
  const on = <T extends { date: string }>(rows: T[], date: string) => rows.find((row) => row.date === date);
  return calendarDays(from, to).map((date) => {
    const refundsOn = on(sent, date)?.amount ?? 0;
    return {
      date,
      revenue: (on(paid, date)?.amount ?? 0) - refundsOn,
      orders: on(placed, date)?.orders ?? 0,
      refunds: refundsOn,
    };
  });
}

function calendarDays(from: CalendarDate, to: CalendarDate): CalendarDate[] {
  const days: CalendarDate[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) days.push(date);
  return days;
}
