import "server-only";
import { and, asc, count, eq, gte, inArray, lt, lte } from "drizzle-orm";
import { variantLabel } from "@/lib/core/variant-label";
import { lowStockThreshold } from "@/lib/stock/labels";
import type { Database } from "@/lib/db";
import { orders, products, variants } from "@/lib/db/schema";
import { revenueSum } from "./revenue";
import { nairobiDate, nairobiDay, type CalendarDate } from "@/lib/time/nairobi";

/** A variant at or under the low-stock threshold, sold-out ones first. */
export type LowStockVariant = {
  variantId: number;
  productId: number;
  productName: string;
  productSlug: string;
  variantLabel: string;
  stock: number;
};

/** The back office's figures at a glance. */
export type DashboardFigures = {
  /** Today's date in Nairobi, which 'today' below means. */
  today: CalendarDate;
  /** Orders placed today, cancelled ones included. */
  ordersToday: number;
  /** The totals (delivery included) of today's orders that count as sales; see dashboardFigures. */
  revenueToday: number;
  /** Orders waiting to be confirmed (placed) and to be dispatched (confirmed). */
  awaitingConfirmation: number;
  awaitingDispatch: number;
  /** The first `lowStockLimit` variants at or under the threshold, and how many there are in all. */
  lowStock: LowStockVariant[];
  lowStockCount: number;
};

export const lowStockLimit = 50;

/**
 * The dashboard's figures at `now`. Today is the calendar day in Nairobi. Revenue counts the total
 * (delivery included) of each order placed today that counts as a sale (lib/orders/revenue.ts).
 */
export async function dashboardFigures(db: Database, now: Date): Promise<DashboardFigures> {
  const today = nairobiDate(now);
  const { start, end } = nairobiDay(today);
  const [[todays], waiting, lowStock, [{ lowStockCount }]] = await Promise.all([
    db
      .select({
        orders: count(),
        revenue: revenueSum,
      })
      .from(orders)
      .where(and(gte(orders.createdAt, start), lt(orders.createdAt, end))),
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
      .where(lte(variants.stock, lowStockThreshold))
      .orderBy(asc(variants.stock), asc(products.name), asc(variants.id))
      .limit(lowStockLimit),
    db.select({ lowStockCount: count() }).from(variants).where(lte(variants.stock, lowStockThreshold)),
  ]);

  const waitingIn = (status: string) => waiting.find((row) => row.status === status)?.orders ?? 0;
  return {
    today,
    ordersToday: todays.orders,
    revenueToday: todays.revenue,
    awaitingConfirmation: waitingIn("placed"),
    awaitingDispatch: waitingIn("confirmed"),
    lowStock: lowStock.map(({ size, colour, packSize, ...variant }) => ({
      ...variant,
      variantLabel: variantLabel({ size, colour, packSize }),
    })),
    lowStockCount,
  };
}
