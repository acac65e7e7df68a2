import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addToCart } from "@/lib/cart/lines";
import type { Database } from "@/lib/db";
import {
  notifications,
  orderHistory,
  orderLines,
  orders,
  outbox,
  refunds,
  returns,
  stockMovements,
  variants,
} from "@/lib/db/schema";
import { newIdempotencyKey } from "@/lib/orders/order-number";
import { placeOrder } from "@/lib/orders/place-order";
import { updateOrderStatus } from "@/lib/orders/status-changes";
import { withTestDb } from "@/lib/testing/db";
import { createProduct, createUser, stockOf, testDelivery } from "@/lib/testing/fixtures";
import { expireUnarrivedReturns } from "./expire-unarrived";
import { findOrderReturns, listReturns } from "./order-returns";
import { listReturnableLines } from "./returnable";
import { requestReturn } from "./request-return";
import { linkReturnDays, returnMessages } from "./rules";
import { approveReturn, declineReturn, markReturnReceived, returnStepMessages } from "./staff-steps";

let db: Database;
withTestDb((opened) => (db = opened));

const staffMember = { id: null, label: "staff@kijanithreads.test" };
const shopperActor = { id: null, label: "Shopper" };
const windowDays = 14;

/**
 * A signed-in shopper's delivered order of two units of the first of four variants (S; M at the
 * same price; L sold out; XL dearer).
 */
async function deliveredOrder() {
  const userId = await createUser(db);
  const { variantIds } = await createProduct(db, [
    { price: 1500, stock: 5 },
    { price: 1500, stock: 5 },
    { price: 1500, stock: 0 },
    { price: 2000, stock: 5 },
  ]);
  await addToCart(db, { userId }, { variantId: variantIds[0], quantity: 2 });
  const placed = await placeOrder(db, { cartOwner: { userId }, delivery: testDelivery, idempotencyKey: newIdempotencyKey() });
  if (!placed.ok) throw new Error(JSON.stringify(placed));
  for (const status of ["confirmed", "dispatched", "delivered"])
    await updateOrderStatus(db, { number: placed.order.number, status, actor: staffMember });
  const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, placed.order.id));
  return { userId, order: placed.order, lineId: line.id, variantIds };
}

const ask = (
  orderId: number,
  lines: { lineId: number; quantity: number; resolution?: "refund" | "exchange"; exchangeVariantId?: number }[],
  now?: Date,
  viaLink = false,
) =>
  requestReturn(db, {
    orderId,
    request: { reason: "wrong_size", note: "", lines: lines.map((line) => ({ resolution: "refund" as const, ...line })) },
    actor: shopperActor,
    windowDays,
    viaLink,
    now,
  });

const returnsOf = (orderId: number) => db.select().from(returns).where(eq(returns.orderId, orderId));
const mailsAbout = (returnId: number) =>
  db
    .select()
    .from(outbox)
    .where(like(outbox.key, `return:${returnId}:%`));

describe(`returns (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("stores a request within the limits, with the order's history, the bell and an e-mail", async () => {
    const { userId, order, lineId } = await deliveredOrder();
    const asked = await ask(order.id, [{ lineId, quantity: 2 }]);
    if (!asked.ok) throw new Error(asked.error);
    expect((await returnsOf(order.id)).map((row) => row.status)).toEqual(["requested"]);
    expect((await listReturnableLines(db, order.id))[0].requested).toBe(true);
    const history = await db.select().from(orderHistory).where(eq(orderHistory.orderId, order.id));
    expect(history.at(-1)?.note).toMatch(
      /^Return requested: 2 × Test Hoodie .* \(S · Black\), refund\. Reason: It does not fit\.$/,
    );
    const bell = await db.select().from(notifications).where(eq(notifications.userId, userId));
    expect(bell.map((row) => row.title)).toContain(`Your order ${order.number}: return request is received`);
    expect((await mailsAbout(asked.returnId)).map((row) => row.key)).toEqual([`return:${asked.returnId}:requested`]);
  });

  it("through the order's link, only within the window and a week of its placing; its owner, the whole window", async () => {
    const { order, lineId } = await deliveredOrder();
    const placedAt = new Date(Date.now() - (linkReturnDays(windowDays) + 1) * 86_400_000);
    await db.update(orders).set({ createdAt: placedAt }).where(eq(orders.id, order.id));
    const settings = { windowDays, viaLink: true };
    const throughLink = await findOrderReturns(db, { ...order, status: "delivered", createdAt: placedAt }, settings);
    expect(throughLink).toMatchObject({ form: null, closed: returnMessages.linkTooOld(linkReturnDays(windowDays)) });
    expect(await ask(order.id, [{ lineId, quantity: 1 }], undefined, true)).toMatchObject({ ok: false, reason: "link_too_old" });
    expect(await returnsOf(order.id)).toEqual([]);
    const asOwner = await findOrderReturns(
      db,
      { ...order, status: "delivered", createdAt: placedAt },
      { windowDays, viaLink: false },
    );
    expect(asOwner.form?.lines).toHaveLength(1);
    expect((await ask(order.id, [{ lineId, quantity: 1 }])).ok).toBe(true);
  });

  it("stores nothing when a limit is broken: too many, a line twice, after the window", async () => {
    const { order, lineId } = await deliveredOrder();
    const before = await db.$count(outbox);
    expect(await ask(order.id, [{ lineId, quantity: 3 }])).toMatchObject({ ok: false, reason: "too_many" });
    expect(await ask(order.id, [{ lineId, quantity: 1 }], new Date(Date.now() + 15 * 86_400_000))).toMatchObject({
      ok: false,
      error: returnMessages.afterWindow(windowDays),
    });
    expect(await returnsOf(order.id)).toEqual([]);
    expect(await db.$count(outbox)).toBe(before);
    expect((await ask(order.id, [{ lineId, quantity: 1 }])).ok).toBe(true);
    expect(await ask(order.id, [{ lineId, quantity: 1 }])).toMatchObject({ ok: false, reason: "twice" });
    expect(await returnsOf(order.id)).toHaveLength(1);
  });

  it("refuses an order that is not delivered", async () => {
    const userId = await createUser(db);
    const { variantIds } = await createProduct(db, [{ stock: 5 }]);
    await addToCart(db, { userId }, { variantId: variantIds[0], quantity: 1 });
    const placed = await placeOrder(db, { cartOwner: { userId }, delivery: testDelivery, idempotencyKey: newIdempotencyKey() });
    if (!placed.ok) throw new Error("not placed");
    const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, placed.order.id));
    expect(await ask(placed.order.id, [{ lineId: line.id, quantity: 1 }])).toMatchObject({ ok: false, reason: "not_delivered" });
  });

  it("offers exchanges only for variants of the same product in stock at the same price, and refuses a dearer one", async () => {
    const { order, lineId, variantIds } = await deliveredOrder();
    const [line] = await listReturnableLines(db, order.id);
    expect(line.exchangeVariantIds).toEqual([variantIds[1]]);
    expect(line.exchangeOptions).toEqual([{ variantId: variantIds[1], label: "M · Black" }]);
    const dearer = await ask(order.id, [{ lineId, quantity: 1, resolution: "exchange", exchangeVariantId: variantIds[3] }]);
    expect(dearer).toMatchObject({ ok: false, reason: "exchange_unavailable" });
    expect(await returnsOf(order.id)).toEqual([]);
  });

  it("shows staff an exchange's variant and its price now against the price paid", async () => {
    const { order, lineId, variantIds } = await deliveredOrder();
    const asked = await ask(order.id, [{ lineId, quantity: 1, resolution: "exchange", exchangeVariantId: variantIds[1] }]);
    if (!asked.ok) throw new Error(asked.error);
    const exchangeOf = async () => (await listReturns(db, { orderId: order.id }))[0].lines[0].exchange;
    expect(await exchangeOf()).toEqual({ label: "M · Black", price: 1500, difference: 0 });
    // Its price rose after the request: staff see by how much before they approve.
    await db.update(variants).set({ price: 2000 }).where(eq(variants.id, variantIds[1]));
    expect(await exchangeOf()).toEqual({ label: "M · Black", price: 2000, difference: 500 });
  });

  it("a refund: approved, received, units back in stock as a 'return' movement", async () => {
    const { order, lineId, variantIds } = await deliveredOrder();
    const asked = await ask(order.id, [{ lineId, quantity: 2 }]);
    if (!asked.ok) throw new Error(asked.error);
    expect(await markReturnReceived(db, { returnId: asked.returnId, actor: staffMember })).toMatchObject({ ok: false });
    expect(await approveReturn(db, { returnId: asked.returnId, actor: staffMember, arrivalDays: 14 })).toEqual({
      ok: true,
      message: returnStepMessages.approved,
    });
    expect(await stockOf(db, variantIds[0])).toBe(3);
    expect((await markReturnReceived(db, { returnId: asked.returnId, actor: staffMember })).ok).toBe(true);
    expect(await stockOf(db, variantIds[0])).toBe(5);
    const [movement] = await db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.variantId, variantIds[0]), eq(stockMovements.reason, "return")));
    expect(movement).toMatchObject({ change: 2, level: 5, orderId: order.id });
    const mails = await mailsAbout(asked.returnId);
    expect(mails.map((row) => row.key).sort()).toEqual(
      ["approved", "received", "requested"].map((step) => `return:${asked.returnId}:${step}`),
    );
    expect(JSON.stringify(mails.find((row) => row.key.endsWith(":received"))?.payload)).toContain("refund of KSh 3,000");
    const owed = await db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(owed).toMatchObject([{ amount: 3000, reason: "return", returnId: asked.returnId, status: "due" }]);
  });

  it("an exchange: stock held at approval, shipped as a linked order with nothing to pay", async () => {
    const { userId, order, lineId, variantIds } = await deliveredOrder();
    const asked = await ask(order.id, [{ lineId, quantity: 1, resolution: "exchange", exchangeVariantId: variantIds[1] }]);
    if (!asked.ok) throw new Error(asked.error);
    await approveReturn(db, { returnId: asked.returnId, actor: staffMember, arrivalDays: 14 });
    expect(await stockOf(db, variantIds[1])).toBe(4);
    await markReturnReceived(db, { returnId: asked.returnId, actor: staffMember });
    const [done] = await returnsOf(order.id);
    const [exchange] = await db.select().from(orders).where(eq(orders.id, done.exchangeOrderId!));
    expect(exchange).toMatchObject({ status: "confirmed", total: 0, userId, street: testDelivery.street });
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, exchange.id));
    expect(lines).toMatchObject([{ variantId: variantIds[1], quantity: 1, unitPrice: 0 }]);
    expect(await stockOf(db, variantIds[1])).toBe(4);
    expect(await stockOf(db, variantIds[0])).toBe(4);
    expect(await db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
  });

  it("refuses to approve an exchange whose variant sold out, changing nothing", async () => {
    const { order, lineId, variantIds } = await deliveredOrder();
    const asked = await ask(order.id, [{ lineId, quantity: 1, resolution: "exchange", exchangeVariantId: variantIds[1] }]);
    if (!asked.ok) throw new Error(asked.error);
    await db.update(variants).set({ stock: 0 }).where(eq(variants.id, variantIds[1]));
    expect(await approveReturn(db, { returnId: asked.returnId, actor: staffMember, arrivalDays: 14 })).toMatchObject({
      ok: false,
    });
    expect((await returnsOf(order.id))[0].status).toBe("requested");
  });

  it("a decline needs a reason the shopper reads, and releases an exchange's held stock", async () => {
    const { order, lineId, variantIds } = await deliveredOrder();
    const asked = await ask(order.id, [{ lineId, quantity: 2, resolution: "exchange", exchangeVariantId: variantIds[1] }]);
    if (!asked.ok) throw new Error(asked.error);
    await approveReturn(db, { returnId: asked.returnId, actor: staffMember, arrivalDays: 14 });
    expect(await stockOf(db, variantIds[1])).toBe(3);
    expect(await declineReturn(db, { returnId: asked.returnId, actor: staffMember, reason: " " })).toEqual({
      ok: false,
      error: returnStepMessages.declineReason,
    });
    expect((await declineReturn(db, { returnId: asked.returnId, actor: staffMember, reason: "It was worn." })).ok).toBe(true);
    expect(await stockOf(db, variantIds[1])).toBe(5);
    expect((await returnsOf(order.id))[0]).toMatchObject({
      status: "declined",
      declineReason: "We cannot accept your return request: It was worn.",
    });
    // A declined line may be asked for again.
    expect((await ask(order.id, [{ lineId, quantity: 1 }])).ok).toBe(true);
  });

  it("declines approved returns that never arrived within the window, releasing their held stock", async () => {
    const { order, lineId, variantIds } = await deliveredOrder();
    const asked = await ask(order.id, [{ lineId, quantity: 1, resolution: "exchange", exchangeVariantId: variantIds[1] }]);
    if (!asked.ok) throw new Error(asked.error);
    await approveReturn(db, { returnId: asked.returnId, actor: staffMember, arrivalDays: 1 });
    expect(await expireUnarrivedReturns(db, 1)).not.toContain(asked.returnId);
    await db
      .update(returns)
      .set({ updatedAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(returns.id, asked.returnId));
    expect(await expireUnarrivedReturns(db, 1)).toContain(asked.returnId);
    expect(await stockOf(db, variantIds[1])).toBe(5);
    expect((await mailsAbout(asked.returnId)).map((row) => row.key)).toContain(`return:${asked.returnId}:expired`);
  });
});
