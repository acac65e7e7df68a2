import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "@/lib/db";
import { orders } from "@/lib/db/schema";
import { withTestDb } from "@/lib/testing/db";
import { insertOrders, type OrderSpec } from "@/lib/testing/orders";
import { listDailySales, orderRevenue } from "./revenue";

let db: Database;
withTestDb((opened) => (db = opened));

// Each test has days of its own; every order totals 1000 + 200 = KSh 1,200.
const at = (date: string, time = "12:00:00") => new Date(`${date}T${time}+03:00`);
const total = 1200;
const paid = (method: "mpesa" | "pay_on_delivery", paidAt: Date) => ({ method, status: "paid" as const, paidAt });

async function salesOn(from: string, to: string, specs: OrderSpec[]) {
  await insertOrders(db, specs);
  return listDailySales(db, from, to);
}

describe(`the revenue rule (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("counts pay on delivery on the day the rider collects it, not when it is placed", async () => {
    const days = await salesOn("2033-01-01", "2033-01-03", [
      { createdAt: at("2033-01-01"), status: "delivered", payments: [paid("pay_on_delivery", at("2033-01-03"))] },
      { createdAt: at("2033-01-01"), status: "dispatched" }, // pending: not collected
    ]);
    expect(days).toEqual([
      { date: "2033-01-01", revenue: 0, orders: 2, refunds: 0 },
      { date: "2033-01-02", revenue: 0, orders: 0, refunds: 0 },
      { date: "2033-01-03", revenue: total, orders: 0, refunds: 0 },
    ]);
  });

  it("counts M-Pesa on the day it is paid, and nothing while it is pending or failed", async () => {
    const days = await salesOn("2033-02-01", "2033-02-02", [
      {
        createdAt: at("2033-02-01", "23:50:00"),
        payments: [{ method: "mpesa", status: "failed" }, paid("mpesa", at("2033-02-02", "00:05:00"))],
      },
      { createdAt: at("2033-02-01"), payments: [{ method: "mpesa", status: "pending" }] },
      { createdAt: at("2033-02-01"), status: "cancelled", payments: [{ method: "mpesa", status: "failed" }] },
    ]);
    expect(days.map((day) => day.revenue)).toEqual([0, total]);
    expect(days.map((day) => day.orders)).toEqual([3, 0]);
  });

  it("keeps money owed back counted until the refund is recorded, then subtracts it on that day", async () => {
    const days = await salesOn("2033-03-01", "2033-03-03", [
      // Cancelled after paying: refund still due.
      {
        createdAt: at("2033-03-01"),
        status: "cancelled",
        payments: [paid("mpesa", at("2033-03-01"))],
        refunds: [{ reason: "cancelled" }],
      },
      // Returned to the shop, refund sent two days later.
      {
        createdAt: at("2033-03-01"),
        status: "returned",
        payments: [paid("mpesa", at("2033-03-01"))],
        refunds: [{ reason: "delivery_failed", recordedAt: at("2033-03-03") }],
      },
    ]);
    expect(days).toEqual([
      { date: "2033-03-01", revenue: 2 * total, orders: 2, refunds: 0 },
      { date: "2033-03-02", revenue: 0, orders: 0, refunds: 0 },
      { date: "2033-03-03", revenue: -total, orders: 0, refunds: total },
    ]);
  });

  it("cuts days at midnight in Nairobi, not UTC", async () => {
    const days = await salesOn("2033-04-01", "2033-04-02", [
      { createdAt: at("2033-04-01"), payments: [paid("mpesa", new Date("2033-04-01T20:59:59Z"))] }, // 23:59:59 in Nairobi
      { createdAt: at("2033-04-01"), payments: [paid("mpesa", new Date("2033-04-01T21:00:00Z"))] }, // 00:00 the next day
    ]);
    expect(days.map((day) => day.revenue)).toEqual([total, total]);
  });

  it("gives each order what it brought in so far: money received less refunds recorded", async () => {
    const placed = await insertOrders(db, [
      { createdAt: at("2033-05-01") },
      { createdAt: at("2033-05-01"), status: "delivered", payments: [paid("pay_on_delivery", at("2033-05-02"))] },
      {
        createdAt: at("2033-05-01"),
        payments: [paid("mpesa", at("2033-05-01")), paid("mpesa", at("2033-05-01"))],
        refunds: [{ reason: "paid_twice", recordedAt: at("2033-05-04") }],
      },
      {
        createdAt: at("2033-05-01"),
        status: "cancelled",
        payments: [paid("mpesa", at("2033-05-01"))],
        refunds: [{ reason: "cancelled" }],
      },
    ]);
    const ids = placed.map((order) => order.id);
    const rows = await db
      .select({ id: orders.id, revenue: orderRevenue() })
      .from(orders)
      .where(inArray(orders.id, ids))
      .orderBy(orders.id);
    expect(rows.map((row) => row.revenue)).toEqual([0, total, total, total]);
    const [first] = await db
      .select({ revenue: orderRevenue({ start: at("2033-05-04", "00:00:00"), end: at("2033-05-05", "00:00:00") }) })
      .from(orders)
      .where(eq(orders.id, ids[2]));
    expect(first.revenue).toBe(-total);
  });
});
