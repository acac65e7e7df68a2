import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "@/lib/db";
import { invoices, orderHistory, orders } from "@/lib/db/schema";
import { updateOrderStatus } from "@/lib/orders/status-changes";
import { withTestDb } from "@/lib/testing/db";
import { placeGuestOrder } from "@/lib/testing/fixtures";
import { kraPinMessage } from "@/lib/tax/kra-pin";
import { buyerPinMessages, changeBuyerPin, findBuyerPinState } from "./buyer-pin";

let db: Database;
withTestDb((opened) => (db = opened));

const actor = { id: null, label: "staff@kijanithreads.test" };

async function deliver(number: string) {
  for (const status of ["confirmed", "dispatched", "delivered"]) await updateOrderStatus(db, { number, status, actor });
}

const pinsOf = async (orderId: number) => ({
  order: (await db.select({ pin: orders.buyerPin }).from(orders).where(eq(orders.id, orderId)))[0].pin,
  invoices: (await db.select({ pin: invoices.buyerPin }).from(invoices).where(eq(invoices.orderId, orderId))).map(
    (row) => row.pin,
  ),
});

describe(`staff set a buyer's KRA PIN (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("sets it on the order before the sale, and the invoice issued later carries it", async () => {
    const order = await placeGuestOrder(db);
    // Another order's invoice, reported, locks nothing here.
    const other = await placeGuestOrder(db);
    await deliver(other.number);
    await db.update(invoices).set({ reportState: "reported" }).where(eq(invoices.orderId, other.id));
    expect(await findBuyerPinState(db, order.id)).toEqual({ buyerPin: null, invoiced: false, locked: false });
    expect(await changeBuyerPin(db, { orderNumber: order.number, buyerPin: " p051234567x", actor })).toEqual({
      ok: true,
      buyerPin: "P051234567X",
    });
    await deliver(order.number);
    expect(await pinsOf(order.id)).toEqual({ order: "P051234567X", invoices: ["P051234567X"] });
    const history = await db.select().from(orderHistory).where(eq(orderHistory.orderId, order.id));
    expect(history.map((entry) => entry.note)).toContain(buyerPinMessages.saved("P051234567X"));
  });

  it("corrects the order and its unreported invoice together, then refuses once KRA has the invoice", async () => {
    const order = await placeGuestOrder(db);
    await deliver(order.number);
    expect(await findBuyerPinState(db, order.id)).toEqual({ buyerPin: null, invoiced: true, locked: false });
    expect((await changeBuyerPin(db, { orderNumber: order.number, buyerPin: "A123456789Z", actor })).ok).toBe(true);
    expect(await pinsOf(order.id)).toEqual({ order: "A123456789Z", invoices: ["A123456789Z"] });

    await db.update(invoices).set({ reportState: "reported" }).where(eq(invoices.orderId, order.id));
    expect(await changeBuyerPin(db, { orderNumber: order.number, buyerPin: "", actor })).toEqual({
      ok: false,
      reason: "reported",
      error: buyerPinMessages.reported,
    });
    expect(await pinsOf(order.id)).toEqual({ order: "A123456789Z", invoices: ["A123456789Z"] });
    expect(await findBuyerPinState(db, order.id)).toEqual({ buyerPin: "A123456789Z", invoiced: true, locked: true });
  });

  it("refuses a malformed PIN and an unknown order, changing nothing", async () => {
    const order = await placeGuestOrder(db);
    expect(await changeBuyerPin(db, { orderNumber: order.number, buyerPin: "P123", actor })).toEqual({
      ok: false,
      reason: "invalid",
      error: kraPinMessage,
    });
    expect((await changeBuyerPin(db, { orderNumber: "KT-NOPE000", buyerPin: "", actor })).ok).toBe(false);
    expect(await pinsOf(order.id)).toEqual({ order: null, invoices: [] });
  });
});
