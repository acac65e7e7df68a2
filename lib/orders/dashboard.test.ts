import { eq, lte } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { lowStockThreshold } from "@/lib/stock/labels";
import type { Database } from "@/lib/db";
import { variants } from "@/lib/db/schema";
import { withTestDb } from "@/lib/testing/db";
import { createProduct } from "@/lib/testing/fixtures";
import { insertOrders } from "@/lib/testing/orders";
import { dashboardFigures, lowStockLimit } from "./dashboard";

let db: Database;
withTestDb((opened) => (db = opened));

// Each test looks at a day of its own; 'now' is noon in Nairobi on it.
const noonOn = (date: string) => new Date(`${date}T12:00:00+03:00`);

describe(`the dashboard's figures (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("counts today's orders and revenue on the Nairobi calendar day, delivery included", async () => {
    await insertOrders(db, [
      { createdAt: new Date("2032-05-09T20:59:59Z"), subtotal: 9000 }, // 23:59:59 the day before in Nairobi
      { createdAt: new Date("2032-05-09T21:00:00Z"), subtotal: 1000, deliveryFee: 200 }, // 00:00 today
      { createdAt: new Date("2032-05-10T20:59:59Z"), subtotal: 2000, deliveryFee: 450 }, // 23:59:59 today
      { createdAt: new Date("2032-05-10T21:00:00Z"), subtotal: 7000 }, // 00:00 tomorrow
    ]);
    const figures = await dashboardFigures(db, noonOn("2032-05-10"));
    expect(figures).toMatchObject({ today: "2032-05-10", ordersToday: 2, revenueToday: 1200 + 2450 });
    // Late in the evening UTC is already tomorrow in Nairobi.
    expect(await dashboardFigures(db, new Date("2032-05-10T21:30:00Z"))).toMatchObject({
      today: "2032-05-11",
      ordersToday: 1,
      revenueToday: 7200,
    });
  });

  it("leaves cancelled orders and unpaid M-Pesa orders out of the revenue, but counts the orders", async () => {
    const at = new Date("2032-06-01T10:00:00+03:00");
    await insertOrders(db, [
      { createdAt: at, subtotal: 1000, deliveryFee: 200 }, // pay on delivery, pending: counts
      {
        createdAt: at,
        subtotal: 1000,
        deliveryFee: 200,
        status: "delivered",
        payments: [{ method: "pay_on_delivery", status: "paid" }],
      },
      { createdAt: at, subtotal: 5000, status: "cancelled", payments: [{ method: "pay_on_delivery", status: "cancelled" }] },
      { createdAt: at, subtotal: 3000, payments: [{ method: "mpesa", status: "pending" }] },
      { createdAt: at, subtotal: 3000, payments: [{ method: "mpesa", status: "failed" }] },
      // Paid after a failed attempt: counted once, for the order's total.
      {
        createdAt: at,
        subtotal: 4000,
        deliveryFee: 450,
        payments: [
          { method: "mpesa", status: "failed" },
          { method: "mpesa", status: "paid" },
        ],
      },
      { createdAt: at, subtotal: 6000, status: "cancelled", payments: [{ method: "mpesa", status: "paid" }] },
      // M-Pesa failed, then the shopper switched to pay on delivery: counts.
      {
        createdAt: at,
        subtotal: 2000,
        payments: [
          { method: "mpesa", status: "failed" },
          { method: "pay_on_delivery", status: "pending" },
        ],
      },
    ]);
    expect(await dashboardFigures(db, noonOn("2032-06-01"))).toMatchObject({
      ordersToday: 8,
      revenueToday: 1200 + 1200 + 4450 + 2200,
    });
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

  it("shows the lowest variants first when there are more than it lists, and counts them all", async () => {
    await createProduct(
      db,
      Array.from({ length: lowStockLimit + 5 }, (_, index) => ({ stock: index % 3 })),
    );
    const { lowStock, lowStockCount } = await dashboardFigures(db, noonOn("2032-09-02"));
    expect(lowStock).toHaveLength(lowStockLimit);
    expect(lowStockCount).toBe(lowStockLimit + 5 + 2);
    const stocks = lowStock.map((variant) => variant.stock);
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
  });
});
