import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { addToCart, getOrCreateCartId } from "@/lib/cart/lines";
import type { CartOwner } from "@/lib/cart/owner";
import { requireDeliveryRate } from "@/lib/checkout/delivery-zones";
import type { Database } from "@/lib/db";
import { cartLines } from "@/lib/db/schema";
import { withTestDb } from "@/lib/testing/db";
import { createProduct, guest, stockOf, testDelivery } from "@/lib/testing/fixtures";
import { limitMessages, orderLimits, type OrderLimits } from "@/lib/checkout/limits";
import { newIdempotencyKey } from "./order-number";
import { placeOrder, type PlaceOrderInput } from "./place-order";

let db: Database;
withTestDb((opened) => (db = opened));

let fee: number;
beforeAll(async () => {
  fee = (await requireDeliveryRate(db, testDelivery.county)).fee;
});
const limits: OrderLimits = {
  unitsPerLine: 5,
  unitsPerOrder: 12,
  payOnDeliveryMaxTotal: 10_000,
  payOnDeliveryPerPhone: 2,
  payOnDeliveryPerEmail: 2,
  payOnDeliveryPerAddress: 3,
  payOnDeliveryWindowMs: 3_600_000,
  mpesaPerBuyer: 2,
  mpesaPerCart: 2,
  mpesaPerAddress: 3,
  mpesaUnitsPerAddress: 5,
  mpesaWindowMs: 3_600_000,
};

/** A cart holding exactly these lines, written past the cart's own clamps (as a racing or older cart could be). */
async function cartHolding(lines: [variantId: number, quantity: number][], owner: CartOwner = guest()): Promise<CartOwner> {
  const cartId = (await getOrCreateCartId(db, owner))!;
  await db.insert(cartLines).values(lines.map(([variantId, quantity]) => ({ cartId, variantId, quantity, unitPrice: 1000 })));
  return owner;
}

/** A buyer's own phone and e-mail, so that tests do not count against each other. */
function buyer() {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
  return { ...testDelivery, phone: `07${digits}`, email: `${randomUUID()}@example.com` };
}

function order(cartOwner: CartOwner, extra: Partial<PlaceOrderInput> = {}) {
  return placeOrder(db, { cartOwner, delivery: buyer(), idempotencyKey: newIdempotencyKey(), limits, ...extra });
}

describe(`checkout's limits (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("refuses the sell-out attack, scaled down: many lines of high quantity, and keeps every unit on sale", async () => {
    const { variantIds } = await createProduct(db, [{ stock: 99 }, { stock: 99 }, { stock: 99 }, { stock: 99 }]);
    // Through the cart, each line stops at the limit and the cart at the order's.
    const attacker = guest();
    const added = [];
    for (const variantId of variantIds) added.push(await addToCart(db, attacker, { variantId, quantity: 99 }, limits));
    expect(added).toEqual([
      { ok: true, quantity: 5, notice: limitMessages.lineUnits(5) },
      { ok: true, quantity: 5, notice: limitMessages.lineUnits(5) },
      { ok: true, quantity: 2, notice: limitMessages.orderUnits(12) },
      { ok: false, error: limitMessages.orderUnits(12) },
    ]);
    // A cart that holds more anyway is refused whole by the order's transaction.
    const stuffed = await cartHolding(variantIds.map((id) => [id, 99]));
    expect(await order(stuffed)).toEqual({ ok: false, reason: "over_limit", error: limitMessages.lineUnits(5) });
    for (const id of variantIds) expect(await stockOf(db, id)).toBe(99);
  });

  it("takes the units per line and per order up to their edges, not one more", async () => {
    const { variantIds: v } = await createProduct(db, [{ stock: 50 }, { stock: 50 }, { stock: 50 }]);
    expect(await order(await cartHolding([[v[0], 6]]))).toMatchObject({
      reason: "over_limit",
      error: limitMessages.lineUnits(5),
    });
    const thirteen = await cartHolding([
      [v[0], 5],
      [v[1], 5],
      [v[2], 3],
    ]);
    expect(await order(thirteen)).toMatchObject({ reason: "over_limit", error: limitMessages.orderUnits(12) });
    const twelve = await cartHolding([
      [v[0], 5],
      [v[1], 5],
      [v[2], 2],
    ]);
    expect(await order(twelve, { limits: { ...limits, payOnDeliveryMaxTotal: 100_000 } })).toMatchObject({ ok: true });
    expect(await stockOf(db, v[0])).toBe(45);
  });

  it("takes a pay-on-delivery order of exactly the largest total, not one shilling more, which M-Pesa may pay", async () => {
    const { variantIds: v } = await createProduct(db, [
      { price: 10_000 - fee, stock: 5 },
      { price: 10_001 - fee, stock: 5 },
    ]);
    expect(await order(await cartHolding([[v[0], 1]]))).toMatchObject({ ok: true });
    const over = await cartHolding([[v[1], 1]]);
    expect(await order(over)).toEqual({ ok: false, reason: "over_limit", error: limitMessages.payOnDeliveryTotal(10_000) });
    expect(await stockOf(db, v[1])).toBe(5);
    const mpesa = { method: "mpesa" as const, phone: "+254712345670" };
    expect(await order(over, { payment: mpesa })).toMatchObject({ ok: true });
  });

  it.each([
    ["phone", { phone: "0722000111" }, limits.payOnDeliveryPerPhone],
    ["e-mail", { email: "Repeat@Example.com" }, limits.payOnDeliveryPerEmail],
  ])("takes pay-on-delivery orders per %s up to the limit within the window, then refuses", async (_, same, max) => {
    const { variantIds: v } = await createProduct(db, [{ stock: 20 }]);
    for (let count = 0; count < max; count++) {
      expect(await placeOrder(db, { ...(await orderInputFor(v[0])), delivery: { ...buyer(), ...same } })).toMatchObject({
        ok: true,
      });
    }
    const refused = await placeOrder(db, { ...(await orderInputFor(v[0])), delivery: { ...buyer(), ...lowerCased(same) } });
    expect(refused).toEqual({ ok: false, reason: "over_limit", error: limitMessages.payOnDeliveryCount });
    expect(await stockOf(db, v[0])).toBe(20 - max);
    // A window later, the same details may order again.
    const later = { ...limits, payOnDeliveryWindowMs: 1 };
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(
      await placeOrder(db, { ...(await orderInputFor(v[0])), delivery: { ...buyer(), ...same }, limits: later }),
    ).toMatchObject({ ok: true });
  });

  it("takes pay-on-delivery orders per client address up to the limit, then refuses; other addresses still order", async () => {
    const { variantIds: v } = await createProduct(db, [{ stock: 20 }]);
    const clientAddress = `203.0.113.${Math.floor(Math.random() * 250)}`;
    for (let count = 0; count < limits.payOnDeliveryPerAddress; count++) {
      expect(await placeOrder(db, { ...(await orderInputFor(v[0])), clientAddress })).toMatchObject({ ok: true });
    }
    expect(await placeOrder(db, { ...(await orderInputFor(v[0])), clientAddress })).toMatchObject({ reason: "over_limit" });
    expect(await placeOrder(db, { ...(await orderInputFor(v[0])), clientAddress: "198.51.100.9" })).toMatchObject({ ok: true });
  });

  it("refuses a script of unpaid M-Pesa orders from one cart, each with new details, and keeps the rest of the stock", async () => {
    const { variantIds: v } = await createProduct(db, [{ stock: 4 }]);
    const attacker = guest();
    const byMpesa = () => ({ payment: { method: "mpesa" as const, phone: randomPayingPhone() } });
    for (let count = 0; count < limits.mpesaPerCart; count++)
      expect(await order(await cartHolding([[v[0], 1]], attacker), byMpesa())).toMatchObject({ ok: true });
    const refused = await order(await cartHolding([[v[0], 1]], attacker), byMpesa());
    expect(refused).toEqual({ ok: false, reason: "over_limit", error: limitMessages.mpesaCount(60) });
    expect(await stockOf(db, v[0])).toBe(4 - limits.mpesaPerCart);
    // Another shopper still buys.
    expect(await order(await cartHolding([[v[0], 1]]), byMpesa())).toMatchObject({ ok: true });
  });

  it.each([
    ["phone (the buyer's, then the paying one)", { phone: "0733000111" }, { payingPhone: "254733000111" }],
    ["e-mail", { email: "Unpaid@Example.com" }, { email: "unpaid@example.com" }],
  ])("counts unpaid M-Pesa orders per %s across carts", async (_, same, again) => {
    const { variantIds: v } = await createProduct(db, [{ stock: 20 }]);
    const input = async ({ payingPhone, ...delivery }: { phone?: string; email?: string; payingPhone?: string }) => ({
      ...(await orderInputFor(v[0])),
      delivery: { ...buyer(), ...delivery },
      payment: { method: "mpesa" as const, phone: payingPhone ?? randomPayingPhone() },
    });
    for (let count = 0; count < limits.mpesaPerBuyer; count++)
      expect(await placeOrder(db, await input(same))).toMatchObject({ ok: true });
    expect(await placeOrder(db, await input(again))).toEqual({
      ok: false,
      reason: "over_limit",
      error: limitMessages.mpesaCount(60),
    });
    expect(await stockOf(db, v[0])).toBe(20 - limits.mpesaPerBuyer);
  });

  it("counts unpaid M-Pesa orders and the units they hold per client address", async () => {
    const { variantIds: v } = await createProduct(db, [{ stock: 20 }]);
    const from = async (quantity: number, clientAddress: string) => ({
      ...(await orderInputFor(v[0])),
      cartOwner: await cartHolding([[v[0], quantity]]),
      payment: { method: "mpesa" as const, phone: randomPayingPhone() },
      clientAddress,
    });
    const units = `203.0.113.${Math.floor(Math.random() * 250)}`;
    expect(await placeOrder(db, await from(4, units))).toMatchObject({ ok: true });
    expect(await placeOrder(db, await from(2, units))).toMatchObject({ reason: "over_limit" });
    expect(await placeOrder(db, await from(1, units))).toMatchObject({ ok: true });
    const orders = `198.51.100.${Math.floor(Math.random() * 250)}`;
    for (let count = 0; count < limits.mpesaPerAddress; count++)
      expect(await placeOrder(db, await from(1, orders))).toMatchObject({ ok: true });
    expect(await placeOrder(db, await from(1, orders))).toMatchObject({
      reason: "over_limit",
      error: limitMessages.mpesaCount(60),
    });
    expect(await stockOf(db, v[0])).toBe(20 - 5 - limits.mpesaPerAddress);
  });

  it("still accepts an honest pay-on-delivery order of 10 items under the shop's default limits", async () => {
    const { variantIds: v } = await createProduct(db, [
      { price: 3799, stock: 20 },
      { price: 1500, stock: 20 },
    ]);
    const owner = guest();
    expect(await addToCart(db, owner, { variantId: v[0], quantity: 6 })).toEqual({ ok: true, quantity: 6 });
    expect(await addToCart(db, owner, { variantId: v[1], quantity: 4 })).toEqual({ ok: true, quantity: 4 });
    const result = await placeOrder(db, {
      cartOwner: owner,
      delivery: buyer(),
      idempotencyKey: newIdempotencyKey(),
      limits: orderLimits(),
      clientAddress: "192.0.2.10",
    });
    expect(result).toMatchObject({ ok: true, order: { itemCount: 10 } });
  });
});

/** A fresh cart with one unit of the variant, for an order that keeps every unit limit. */
async function orderInputFor(variantId: number): Promise<PlaceOrderInput> {
  return { cartOwner: await cartHolding([[variantId, 1]]), delivery: buyer(), idempotencyKey: newIdempotencyKey(), limits };
}

/** A paying phone as M-Pesa writes it (2547…), no other test's. */
const randomPayingPhone = () => `2547${buyer().phone.slice(3)}`;

/** The same phone or e-mail written another way, which must count as the same. */
const lowerCased = (same: { phone?: string; email?: string }) =>
  same.email ? { email: same.email.toLowerCase() } : { phone: "+254722000111" };
