import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addToCart } from "@/lib/cart/lines";
import type { CartOwner } from "@/lib/cart/owner";
import { createProduct, createUser, guest, stockOf, testDelivery } from "@/lib/testing/fixtures";
import type { Database } from "@/lib/db";
import { notifications } from "@/lib/db/schema";
import { withTestDb } from "@/lib/testing/db";
import { newIdempotencyKey, newOrderNumber } from "./order-number";
import { findOrderForOwner, listUserOrders } from "./shopper-orders";
import { statusMessages } from "./status-change-rules";
import { updateOrderStatus } from "./status-changes";
import { placeOrder } from "./place-order";

let db: Database;
withTestDb((opened) => (db = opened));

const staffMember = { id: null, label: "staff@kijanithreads.test" };

const delivery = testDelivery;

async function buy(owner: CartOwner, stock = 5, quantity = 1) {
  const {
    variantIds: [variantId],
  } = await createProduct(db, [{ price: 1000, stock }]);
  await addToCart(db, owner, { variantId, quantity });
  const result = await placeOrder(db, { cartOwner: owner, delivery, idempotencyKey: newIdempotencyKey() });
  if (!result.ok) throw new Error(JSON.stringify(result));
  return { order: result.order, variantId };
}

describe(`orders (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("shows a guest's order only to the browser whose cart cookie placed it", async () => {
    const buyer = guest();
    const { order } = await buy(buyer);
    expect((await findOrderForOwner(db, order.number, buyer))?.id).toBe(order.id);
    expect(await findOrderForOwner(db, order.number, guest())).toBeNull();
    expect(await findOrderForOwner(db, order.number, {})).toBeNull();
    expect(await findOrderForOwner(db, order.number, { userId: await createUser(db) })).toBeNull();
    expect(await findOrderForOwner(db, order.number, { guestToken: "forged" })).toBeNull();
  });

  it("shows a user's order only to that user", async () => {
    const userId = await createUser(db);
    const { order } = await buy({ userId });
    expect((await findOrderForOwner(db, order.number, { userId }))?.number).toBe(order.number);
    expect(
      await findOrderForOwner(db, order.number, { userId: await createUser(db), guestToken: guest().guestToken }),
    ).toBeNull();
  });

  it.each([newOrderNumber(), "", "KT-", "'; drop table orders; --", "kt-2345678", 42, null])(
    "finds nothing for the number %j",
    async (number) => {
      expect(await findOrderForOwner(db, number, { userId: await createUser(db), guestToken: guest().guestToken })).toBeNull();
    },
  );

  it("lists a user's orders, newest first, with their status and totals", async () => {
    const userId = await createUser(db);
    const first = await buy({ userId }, 5, 2);
    const second = await buy({ userId });
    await buy(guest());
    const list = await listUserOrders(db, userId);
    expect(list.map((order) => order.number)).toEqual([second.order.number, first.order.number]);
    expect(list[1]).toMatchObject({
      status: "placed",
      total: first.order.total,
      itemCount: 2,
      deliveryWindow: first.order.deliveryWindow,
    });
    expect(await listUserOrders(db, await createUser(db))).toEqual([]);
  });

  it("moves an order through its statuses and notifies its owner each time", async () => {
    const userId = await createUser(db);
    const { order } = await buy({ userId });
    for (const status of ["confirmed", "dispatched", "delivered"] as const) {
      const change = await updateOrderStatus(db, { number: order.number, status, actor: staffMember });
      expect(change.ok && change.order.status).toBe(status);
    }
    const delivered = await findOrderForOwner(db, order.number, { userId });
    expect(delivered?.payment.status).toBe("paid");
    const kinds = await db.select().from(notifications).where(eq(notifications.userId, userId));
    expect(kinds.map((n) => n.kind).sort()).toEqual([
      "order_placed",
      "order_status_changed",
      "order_status_changed",
      "order_status_changed",
    ]);
    expect(kinds.find((n) => n.title === `Order ${order.number}: Delivered`)?.link).toBe(`/orders/${order.number}`);
  });

  it("refuses a change the order's status does not allow, and changes nothing", async () => {
    const buyer = guest();
    const { order } = await buy(buyer);
    expect(await updateOrderStatus(db, { number: order.number, status: "delivered", actor: staffMember })).toEqual({
      ok: false,
      reason: "not_allowed",
      error: statusMessages.notAllowed("placed", "delivered"),
    });
    expect(await updateOrderStatus(db, { number: order.number, status: "lost", actor: staffMember })).toEqual({
      ok: false,
      reason: "unknown_status",
      error: statusMessages.unknownStatus,
    });
    expect((await findOrderForOwner(db, order.number, buyer))?.status).toBe("placed");
    expect(await updateOrderStatus(db, { number: newOrderNumber(), status: "confirmed", actor: staffMember })).toEqual({
      ok: false,
      reason: "unknown_order",
      error: statusMessages.unknownOrder,
    });
  });

  it("puts the stock back and cancels the payment when an order is cancelled", async () => {
    const buyer = guest();
    const { order, variantId } = await buy(buyer, 4, 3);
    expect(await stockOf(db, variantId)).toBe(1);
    const change = await updateOrderStatus(db, {
      number: order.number,
      status: "cancelled",
      actor: staffMember,
      note: "Out of stock at the warehouse",
    });
    expect(change.ok && change.order.payment.status).toBe("cancelled");
    expect(await stockOf(db, variantId)).toBe(4);
    expect((await updateOrderStatus(db, { number: order.number, status: "confirmed", actor: staffMember })).ok).toBe(false);
  });
});
