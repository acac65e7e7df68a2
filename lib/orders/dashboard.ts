import "server-only";
import { and, asc, count, eq, inArray, isNull, lte } from "drizzle-orm";
import { variantLabel } from "@/lib/core/variant-label";
import { lowStockThreshold } from "@/lib/stock/labels";
import type { Database } from "@/lib/db";
import { orders, products, variants } from "@/lib/db/schema";
import { listDailySales, type DaySales } from "./revenue";
import { addDays, nairobiDate, nairobiDay, type CalendarDate } from "@/lib/time/nairobi";
import { ordersAfterAlerts, type WonBack } from "./alert-orders";

/** A variant at or under the low-stock threshold, sold-out ones first. */
export type LowStockVariant = {
  variantId: number;
  productId: number;
  productName: string;
  productSlug: string;
  variantLabel: string;
  stock: number;
};

/** How many days the dashboard's chart may show: the last 30 or 90. */
export const chartRanges = [30, 90] as const;
export type ChartRange = (typeof chartRanges)[number];

/** The chart's range from the dashboard's address (`?days=90`): 30 unless it names another allowed one. */
export function parseChartRange(value: unknown): ChartRange {
  return chartRanges.find((range) => String(range) === value) ?? 30;
}

/** The dashboard's address for a chart range (30 is the default, so it needs no query). */
export const dashboardHref = (range: ChartRange) => (range === 30 ? "/admin" : `/admin?days=${range}`);

/** The back office's figures at a glance. */
export type DashboardFigures = {
  /** Today's date in Nairobi, which 'today' below means. */
  today: CalendarDate;
  /** Orders placed today, cancelled ones included. */
  ordersToday: number;
  /** Today's revenue by the shop's rule (lib/orders/revenue.ts): money received, refunds recorded subtracted. */
  revenueToday: number;
  /** Revenue, orders and refunds per day, the last `range` days up to today, oldest first. */
  days: DaySales[];
  /** Orders waiting to be confirmed (placed) and to be dispatched (confirmed). */
  awaitingConfirmation: number;
  awaitingDispatch: number;
  /** The first `lowStockLimit` variants at or under the threshold, and how many there are in all. */
  lowStock: LowStockVariant[];
  lowStockCount: number;
  /** Orders of the last `range` days placed within WON_BACK_DAYS after a back-in-stock alert or checkout reminder, with their revenue. */
  wonBack: WonBack;
};

export const lowStockLimit = 50;

/**
 * The dashboard's figures at `now`, over the last `range` days. Today is the calendar day in
 * Nairobi. Low stock lists only variants on sale: not archived, of a published product.
 */
export async function dashboardFigures(db: Database, now: Date, range: ChartRange = 30): Promise<DashboardFigures> {
  const today = nairobiDate(now);
  const onSale = and(isNull(variants.archivedAt), eq(products.status, "published"), lte(variants.stock, lowStockThreshold));
  const first = addDays(today, 1 - range);
  const [days, wonBack, waiting, lowStock, [{ lowStockCount }]] = await Promise.all([
    listDailySales(db, first, today),
    ordersAfterAlerts(db, { start: nairobiDay(first).start, end: nairobiDay(today).end }),
    db
      .select({ status: orders.status, orders: count() })
      .from(orders)
      .where(inArray(orders.status, ["placed", "confirmed"]))
      .groupBy(orders.status),
    db
      .select({
        variantId: variants.id,
        productId: products.id,
        productName: products.name,
        productSlug: products.slug,
        size: variants.size,
        colour: variants.colour,
        packSize: variants.packSize,
        stock: variants.stock,
      })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(onSale)
      .orderBy(asc(variants.stock), asc(products.name), asc(variants.id))
      .limit(lowStockLimit),
    db.select({ lowStockCount: count() }).from(variants).innerJoin(products, eq(products.id, variants.productId)).where(onSale),
  ]);

  const waitingIn = (status: string) => waiting.find((row) => row.status === status)?.orders ?? 0;
  const todays = days[days.length - 1];
  return {
    today,
    ordersToday: todays.orders,
    revenueToday: todays.revenue,
    days,
    awaitingConfirmation: waitingIn("placed"),
    awaitingDispatch: waitingIn("confirmed"),
    lowStock: lowStock.map(({ size, colour, packSize, ...variant }) => ({
      ...variant,
      variantLabel: variantLabel({ size, colour, packSize }),
    })),
    lowStockCount,
    wonBack,
  };
}
