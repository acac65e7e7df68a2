import { and, asc, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addToCart } from "@/lib/cart/lines";
import { formatKsh } from "@/lib/catalog/price";
import type { Database } from "@/lib/db";
import { notifications, orderHistory, orders, outbox, payments, refunds, stockMovements } from "@/lib/db/schema";
import type { Mail } from "@/lib/mail";
import { withTestDb } from "@/lib/testing/db";
import { createProduct, createUser, stockOf, testDelivery } from "@/lib/testing/fixtures";
import { env } from "@/lib/env";
import { deliveryFailureMessages, failureReasonsFor, parseDeliveryFailure } from "./delivery-failure";
import { owedBack, returnPolicy } from "./refund-rules";
import { newIdempotencyKey } from "./order-number";
import { placeOrder } from "./place-order";
import { statusMessages } from "./status-change-rules";
import { updateOrderStatus } from "./status-changes";

let db: Database;
withTestDb((opened) => (db = opened));

const staffMember = { id: null, label: "staff@kijanithreads.test" };

/** A dispatched order of `quantity` units from a stock of 5, by a signed-in shopper. */
async function dispatchedOrder(quantity = 2) {
  const userId = await createUser(db);
  const {
    variantIds: [variantId],
  } = await createProduct(db, [{ price: 1000, stock: 5 }]);
  await addToCart(db, { userId }, { variantId, quantity });
  const placed = await placeOrder(db, { cartOwner: { userId }, delivery: testDelivery, idempotencyKey: newIdempotencyKey() });
  if (!placed.ok) throw new Error(JSON.stringify(placed));
  for (const status of ["confirmed", "dispatched"] as const) {
    await updateOrderStatus(db, { number: placed.order.number, status, actor: staffMember });
  }
  return { order: placed.order, variantId, userId };
}

const step = (number: string, status: string, extra: { failureReason?: string; note?: string } = {}) =>
  updateOrderStatus(db, { number, status, actor: staffMember, ...extra });

const mailsFor = async (number: string, status: string) =>
  (
    await db
      .select()
      .from(outbox)
      .where(like(outbox.key, `order-status:${number}:${status}:%`))
      .orderBy(asc(outbox.id))
  ).map((row) => row.payload as Mail);

describe("a failed delivery's reason", () => {
  it("is one from the list, and 'Other' says what happened", () => {
    expect(parseDeliveryFailure(undefined, "")).toMatchObject({ ok: false, error: deliveryFailureMessages.reason });
    expect(parseDeliveryFailure("lost", "")).toMatchObject({ ok: false, error: deliveryFailureMessages.reason });
    expect(parseDeliveryFailure("other", "")).toMatchObject({ ok: false, error: deliveryFailureMessages.note });
    expect(parseDeliveryFailure("refused", "")).toEqual({ ok: true, note: "Refused by the buyer." });
    expect(parseDeliveryFailure("other", "Gate locked")).toEqual({ ok: true, note: "Other. Gate locked" });
  });

  it("is offered from a pickup's own list for a pickup order: a time to collect, never an address", () => {
    expect(failureReasonsFor.pickup).toContain("not_collected");
    expect(failureReasonsFor.pickup).not.toContain("wrong_address");
    expect(failureReasonsFor.delivery).not.toContain("not_collected");
    expect(parseDeliveryFailure("not_collected", "")).toEqual({ ok: true, note: "Not collected in time." });
  });
});

describe(`failed deliveries (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("records a refused parcel, dispatches it again, then returns it to the shop with its stock back and nothing owed", async () => {
    const { order, variantId, userId } = await dispatchedOrder(2);
    expect(await stockOf(db, variantId)).toBe(3);

    expect(await step(order.number, "delivery_failed")).toMatchObject({ ok: false, error: deliveryFailureMessages.reason });
    expect((await step(order.number, "delivery_failed", { failureReason: "refused", note: "Said he never ordered" })).ok).toBe(
      true,
    );
    const history = await db.select().from(orderHistory).where(eq(orderHistory.orderId, order.id));
    expect(history.at(-1)).toMatchObject({ toStatus: "delivery_failed", note: "Refused by the buyer. Said he never ordered" });

    expect((await step(order.number, "dispatched")).ok).toBe(true);
    expect(await mailsFor(order.number, "dispatched")).toHaveLength(2);
    expect((await step(order.number, "delivery_failed", { failureReason: "unreachable" })).ok).toBe(true);
    expect(await mailsFor(order.number, "delivery_failed")).toHaveLength(2);
    expect(await step(order.number, "delivered")).toMatchObject({
      ok: false,
      error: statusMessages.notAllowed("delivery_failed", "delivered"),
    });

    const returned = await step(order.number, "returned");
    expect(returned.ok && returned.order.payment.status).toBe("cancelled");
    expect(await stockOf(db, variantId)).toBe(5);
    const [movement] = await db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, order.id), eq(stockMovements.reason, "returned_to_shop")));
    expect(movement).toMatchObject({ variantId, change: 2, level: 5 });
    expect(await db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
    const [mail] = await mailsFor(order.number, "returned");
    expect(mail.text).toContain("came back to our shop undelivered, and is now closed. Nothing is owed.");
    const bells = await db.select().from(notifications).where(eq(notifications.userId, userId));
    expect(bells.map((bell) => bell.title)).toContain(`Order ${order.number}: Returned to shop`);
    expect(bells.map((bell) => bell.title)).toContain(`Order ${order.number}: Delivery failed`);
    expect((await step(order.number, "dispatched")).ok).toBe(false);
  });

  it("owes a paid M-Pesa order's money back once it is returned to the shop, and says so", async () => {
    const { order } = await dispatchedOrder(1);
    // Paid by M-Pesa (the payment's own flow is tested in lib/payments/mpesa).
    await db.update(payments).set({ method: "mpesa", status: "paid", paidAt: new Date() }).where(eq(payments.orderId, order.id));
    await step(order.number, "delivery_failed", { failureReason: "wrong_address" });
    await step(order.number, "returned");
    expect(await db.select().from(refunds).where(eq(refunds.orderId, order.id))).toMatchObject([
      { amount: order.total, reason: "delivery_failed", status: "due" },
    ]);
    const [mail] = await mailsFor(order.number, "returned");
    expect(mail.text).toContain(`We owe you ${formatKsh(order.total)} and are sending it back to your M-Pesa.`);
  });

  it("owes back only what is not owed already when an order paid twice comes back", async () => {
    const { order } = await dispatchedOrder(1);
    const mpesaPaid = { orderId: order.id, method: "mpesa" as const, status: "paid" as const, amount: order.total };
    await db.delete(payments).where(eq(payments.orderId, order.id));
    await db.insert(payments).values([
      { ...mpesaPaid, paidAt: new Date() },
      { ...mpesaPaid, paidAt: new Date() },
    ]);
    await db.insert(refunds).values({ orderId: order.id, amount: order.total, reason: "paid_twice" });
    await step(order.number, "delivery_failed", { failureReason: "refused" });
    await step(order.number, "returned");
    const owed = await db.select().from(refunds).where(eq(refunds.orderId, order.id)).orderBy(asc(refunds.id));
    expect(owed.map((refund) => [refund.reason, refund.amount])).toEqual([
      ["paid_twice", order.total],
      ["delivery_failed", order.total],
    ]);
  });

  it("tells a delivered order's shopper the returns window, and a cancelled paid order's what is owed back", async () => {
    const delivered = await dispatchedOrder(1);
    await step(delivered.order.number, "delivered");
    const [mail] = await mailsFor(delivered.order.number, "delivered");
    expect(mail.text).toContain(returnPolicy(env().RETURN_WINDOW_DAYS));
    expect(returnPolicy(14)).toContain("within 14 days of delivery");

    const { order } = await dispatchedOrder(1);
    await db.update(payments).set({ method: "mpesa", status: "paid", paidAt: new Date() }).where(eq(payments.orderId, order.id));
    await db.update(orders).set({ status: "confirmed" }).where(eq(orders.id, order.id));
    await step(order.number, "cancelled", { note: "Out of stock" });
    const [cancelled] = await mailsFor(order.number, "cancelled");
    expect(cancelled.text).toContain(`Your order has been cancelled. ${owedBack(order.total)}`);
    expect(owedBack(order.total)).toBe(`We owe you ${formatKsh(order.total)} and are sending it back to your M-Pesa.`);
  });
});
