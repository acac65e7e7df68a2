import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { startSmsSimulator } from "@/scripts/sms-simulator/server";
import type { Database } from "@/lib/db";
import { notifications, smsMessages, user } from "@/lib/db/schema";
import { updateOrderStatus } from "@/lib/orders/status-changes";
import { withTestDb } from "@/lib/testing/db";
import { createUser, placeGuestOrder, testDelivery } from "@/lib/testing/fixtures";
import type { SmsPurpose } from "@/lib/db/values";
import { queueSms, smsThrottleReasons } from "./queue";

// The shop's daily budget of texts and the texts per client address: settings read once, so this
// file has its own (each test file has its own database, so no other file's texts count here).
const simulator = await startSmsSimulator();
vi.stubEnv("AT_API_URL", simulator.url);
vi.stubEnv("AT_USERNAME", "sandbox");
vi.stubEnv("AT_API_KEY", "simulator-api-key");
vi.stubEnv("SMS_DAILY_BUDGET", "3");
vi.stubEnv("SMS_ORDERS_PER_ADDRESS_PER_DAY", "2");
vi.stubEnv("SMS_BACK_IN_STOCK_PER_DAY", "1");
afterAll(() => simulator.close());

let db: Database;
withTestDb((opened) => (db = opened));

let counter = 0;
const phone = () => `+2547${String(10_000_000 + ++counter * 10).slice(-8)}`;
const queue = (essential = false, purpose: SmsPurpose = "order") =>
  db.transaction((tx) => queueSms(tx, `budget:${++counter}`, { to: phone(), message: "Test" }, { essential, purpose }));
const budgetBells = (userId: string) =>
  db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .then((rows) => rows.filter((row) => row.title === "SMS budget reached"));

describe(`SMS budgets (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("holds back texts past the shop's daily budget, rings the staff's bell once, and still sends essential ones", async () => {
    const staff = await createUser(db);
    await db.update(user).set({ role: "staff" }).where(eq(user.id, staff));
    expect([await queue(), await queue(), await queue()]).toEqual(["queued", "queued", "queued"]);
    expect([await queue(), await queue()]).toEqual(["throttled", "throttled"]);
    const [held] = await db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.key, `budget:${counter - 1}`));
    expect(held.failureReason).toBe(smsThrottleReasons.dailyBudget(3));
    expect(await budgetBells(staff)).toHaveLength(1);
    expect(await queue(true)).toBe("queued");

    // An order's texts: the new pay-on-delivery order's waits, its confirmation (under way) goes.
    const order = await placeGuestOrder(db);
    const staffMember = { id: null, label: "staff@kijanithreads.test" };
    await updateOrderStatus(db, { number: order.number, status: "confirmed", actor: staffMember });
    const texts = await db.select().from(smsMessages).where(eq(smsMessages.orderId, order.id)).orderBy(smsMessages.id);
    expect(texts.map((text) => text.state)).toEqual(["throttled", "queued"]);
  });

  it("texts the orders of one client address up to its daily budget; later ones hear by e-mail only", async () => {
    const orderFrom = async (clientAddress: string) => {
      const order = await placeGuestOrder(db, 1, testDelivery, { clientAddress });
      return (await db.select().from(smsMessages).where(eq(smsMessages.orderId, order.id))).length;
    };
    expect([await orderFrom("203.0.113.7"), await orderFrom("203.0.113.7"), await orderFrom("203.0.113.7")]).toEqual([1, 1, 0]);
    expect(await orderFrom("198.51.100.7")).toBe(1);
  });

  it("gives marketing its own shares, stops it at the shop's budget, and never lets it take an order's place", async () => {
    await db.delete(smsMessages); // the texts of the tests above
    expect([await queue(false, "back_in_stock"), await queue(false, "back_in_stock")]).toEqual(["queued", "throttled"]);
    const [overShare] = await db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.key, `budget:${counter - 1}`));
    expect(overShare.failureReason).toBe(smsThrottleReasons.marketingShare("back_in_stock", 1));
    expect([await queue(false, "reminder"), await queue(false, "reminder")]).toEqual(["queued", "queued"]);
    // The shop's 3 texts are reached: marketing stops, and a new order's text still goes.
    expect(await queue(false, "reminder")).toBe("throttled");
    expect(await queue()).toBe("queued");
  });
});
