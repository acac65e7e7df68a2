import { eq, lte } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { lowStockThreshold } from "@/lib/stock/labels";
import type { Database } from "@/lib/db";
import { products, variants } from "@/lib/db/schema";
import { withTestDb } from "@/lib/testing/db";
import { createProduct } from "@/lib/testing/fixtures";
import { insertOrders } from "@/lib/testing/orders";
import { dashboardFigures, lowStockLimit, parseChartRange } from "./dashboard";

let db: Database;
withTestDb((opened) => (db = opened));

// Each test looks at a day of its own; 'now' is noon in Nairobi on it.
const noonOn = (date: string) => new Date(`${date}T12:00:00+03:00`);

describe(`the dashboard's figures (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("counts today's orders on the Nairobi calendar day, and today's revenue by the shop's rule", async () => {
    const delivered = (createdAt: Date) => ({
      createdAt,
      status: "delivered" as const,
      payments: [{ method: "pay_on_delivery" as const, status: "paid" as const }],
    });
    await insertOrders(db, [
      { ...delivered(new Date("2032-05-09T20:59:59Z")), subtotal: 9000 }, // 23:59:59 the day before in Nairobi
      { ...delivered(new Date("2032-05-09T21:00:00Z")), subtotal: 1000, deliveryFee: 200 }, // 00:00 today
      { ...delivered(new Date("2032-05-10T20:59:59Z")), subtotal: 2000, deliveryFee: 450 }, // 23:59:59 today
      { createdAt: new Date("2032-05-10T10:00:00Z"), subtotal: 3000 }, // not yet collected
      { ...delivered(new Date("2032-05-10T21:00:00Z")), subtotal: 7000 }, // 00:00 tomorrow
    ]);
    const figures = await dashboardFigures(db, noonOn("2032-05-10"));
    expect(figures).toMatchObject({ today: "2032-05-10", ordersToday: 3, revenueToday: 1200 + 2450 });
    expect(figures.days).toHaveLength(30);
    expect(figures.days.slice(-2)).toEqual([
      { date: "2032-05-09", revenue: 9200, orders: 1, refunds: 0 },
      { date: "2032-05-10", revenue: 1200 + 2450, orders: 3, refunds: 0 },
    ]);
    expect((await dashboardFigures(db, noonOn("2032-05-10"), 90)).days[0].date).toBe("2032-02-11");
    // Late in the evening UTC is already tomorrow in Nairobi.
    expect(await dashboardFigures(db, new Date("2032-05-10T21:30:00Z"))).toMatchObject({
      today: "2032-05-11",
      ordersToday: 1,
      revenueToday: 7200,
    });
  });

  it("reads the chart's range from the address: 30 or 90 days, 30 for anything else", () => {
    expect([undefined, "90", "30", "7", "90 ", ["90"]].map(parseChartRange)).toEqual([30, 90, 30, 30, 30, 30]);
  });

  it("says nothing sold on a day without orders", async () => {
    expect(await dashboardFigures(db, noonOn("2032-07-01"))).toMatchObject({ ordersToday: 0, revenueToday: 0 });
  });

  it("counts the orders waiting to be confirmed and to be dispatched, whatever their day", async () => {
    const before = await dashboardFigures(db, noonOn("2032-08-01"));
    await insertOrders(db, [
      { status: "placed", createdAt: new Date("2020-01-01T00:00:00Z") },
      { status: "placed" },
      { status: "confirmed" },
      { status: "dispatched" },
      { status: "delivered" },
      { status: "cancelled" },
    ]);
    const after = await dashboardFigures(db, noonOn("2032-08-01"));
    expect(after.awaitingConfirmation - before.awaitingConfirmation).toBe(2);
    expect(after.awaitingDispatch - before.awaitingDispatch).toBe(1);
  });

  it("lists the variants at or under the low-stock threshold, sold-out first", async () => {
    // The seed catalog has many low-stock variants; this database is this file's own.
    await db.update(variants).set({ stock: 100 }).where(lte(variants.stock, lowStockThreshold));
    const { product, variantIds } = await createProduct(db, [
      { stock: lowStockThreshold + 1 },
      { stock: lowStockThreshold },
      { stock: 0 },
      { stock: 1 },
    ]);
    const { lowStock, lowStockCount } = await dashboardFigures(db, noonOn("2032-09-01"));
    const ours = lowStock.filter((variant) => variant.productSlug === product.slug);
    expect(ours).toEqual([
      {
        variantId: variantIds[2],
        productId: product.id,
        productName: product.name,
        productSlug: product.slug,
        variantLabel: "L · Black",
        stock: 0,
      },
      {
        variantId: variantIds[3],
        productId: product.id,
        productName: product.name,
        productSlug: product.slug,
        variantLabel: "XL · Black",
        stock: 1,
      },
      {
        variantId: variantIds[1],
        productId: product.id,
        productName: product.name,
        productSlug: product.slug,
        variantLabel: "M · Black",
        stock: lowStockThreshold,
      },
    ]);
    expect(lowStock).toEqual(ours);
    expect(lowStockCount).toBe(3);

    await db.update(variants).set({ stock: 50 }).where(eq(variants.id, variantIds[2]));
    const later = await dashboardFigures(db, noonOn("2032-09-01"));
    expect(later.lowStockCount).toBe(2);
    expect(later.lowStock.map((variant) => variant.variantId)).toEqual([variantIds[3], variantIds[1]]);
  });

  it("lists only variants on sale: not archived, of a published product", async () => {
    await db.update(variants).set({ stock: 100 }).where(lte(variants.stock, lowStockThreshold));
    const published = await createProduct(db, [{ stock: 0 }, { stock: 1 }]);
    const draft = await createProduct(db, [{ stock: 0 }]);
    const archived = await createProduct(db, [{ stock: 0 }]);
    await db.update(products).set({ status: "draft" }).where(eq(products.id, draft.product.id));
    await db.update(products).set({ status: "archived" }).where(eq(products.id, archived.product.id));
    await db.update(variants).set({ archivedAt: new Date() }).where(eq(variants.id, published.variantIds[1]));
    const { lowStock, lowStockCount } = await dashboardFigures(db, noonOn("2032-09-03"));
    expect(lowStock.map((variant) => variant.variantId)).toEqual([published.variantIds[0]]);
    expect(lowStockCount).toBe(1);
  });

  it("shows the lowest variants first when there are more than it lists, and counts them all", async () => {
    await db.update(variants).set({ stock: 100 }).where(lte(variants.stock, lowStockThreshold));
    await createProduct(
      db,
      Array.from({ length: lowStockLimit + 5 }, (_, index) => ({ stock: index % 3 })),
    );
    const { lowStock, lowStockCount } = await dashboardFigures(db, noonOn("2032-09-02"));
    expect(lowStock).toHaveLength(lowStockLimit);
    expect(lowStockCount).toBe(lowStockLimit + 5);
    const stocks = lowStock.map((variant) => variant.stock);
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
  });
});
