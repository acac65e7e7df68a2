import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productTag } from "@/lib/cache/changes";
import { addToCart, getCartCount } from "@/lib/cart/lines";
import type { CartOwner } from "@/lib/cart/owner";
import { createProduct, createUser, guest, stockOf } from "@/lib/testing/fixtures";
import { deliveryQuote, deliveryWindow } from "@/lib/checkout/delivery";
import { deliveryMessages } from "@/lib/checkout/delivery-details";
import { payOnDeliveryMessages } from "@/lib/couriers/carriage-words";
import { kraPinMessage } from "@/lib/tax/kra-pin";
import type { Database } from "@/lib/db";
import { deliveryZones, notifications, orderLines, orders, payments, variants } from "@/lib/db/schema";
import { withTestDb } from "@/lib/testing/db";
import { newIdempotencyKey } from "./order-number";
import { findOrderUnchecked } from "./order-view";
import { placeOrder, placeOrderMessages } from "./place-order";

let db: Database;
withTestDb((opened) => (db = opened));

const delivery = {
  fullName: "Achieng Otieno",
  phone: "+254 712 345 678",
  email: "achieng@example.com",
  county: "Kisumu",
  town: "Kisumu",
  street: "Oginga Odinga Street, Mega Plaza",
  notes: "Call on arrival",
};

async function ordersWithKey(idempotencyKey: string) {
  return db.select().from(orders).where(eq(orders.idempotencyKey, idempotencyKey));
}

async function cartWith(owner: CartOwner, lines: [variantId: number, quantity: number][]) {
  for (const [variantId, quantity] of lines) expect((await addToCart(db, owner, { variantId, quantity })).ok).toBe(true);
  return owner;
}

describe(`placing an order (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("records the order, decrements stock, empties the cart and notifies the buyer", async () => {
    const userId = await createUser(db);
    const {
      product,
      variantIds: [a, b],
    } = await createProduct(db, [
      { price: 2500, stock: 5 },
      { price: 1200, stock: 4 },
    ]);
    await cartWith({ userId }, [
      [a, 2],
      [b, 1],
    ]);

    const result = await placeOrder(db, {
      cartOwner: { userId },
      delivery: { ...delivery, county: "Nairobi City" },
      idempotencyKey: newIdempotencyKey(),
    });

    if (!result.ok) throw new Error(JSON.stringify(result));
    const { order } = result;
    expect(result.replayed).toBe(false);
    expect(order.number).toMatch(/^KT-[2-9A-Z]{7}$/);
    expect(order.status).toBe("placed");
    expect(order.subtotal).toBe(2 * 2500 + 1200);
    // Nairobi City's rate as the migration seeds it.
    expect(order.deliveryFee).toBe(200);
    expect(order.total).toBe(6200 + 200);
    expect(order.itemCount).toBe(3);
    expect(order.lines).toEqual([
      {
        productId: product.id,
        productSlug: product.slug,
        productName: product.name,
        variantLabel: "S · Black",
        unitPrice: 2500,
        quantity: 2,
        lineTotal: 5000,
      },
      {
        productId: product.id,
        productSlug: product.slug,
        productName: product.name,
        variantLabel: "M · Black",
        unitPrice: 1200,
        quantity: 1,
        lineTotal: 1200,
      },
    ]);
    expect(order.delivery).toEqual({ ...delivery, county: "Nairobi City", phone: "+254712345678" });
    expect(order.deliveryWindow.earliest <= order.deliveryWindow.latest).toBe(true);
    expect(order.payment).toMatchObject({ method: "pay_on_delivery", status: "pending", amount: order.total });
    expect(order.payments).toHaveLength(1);
    // Its variants now say 'Only 3 left' on its page; its card (9 → 6) still says in stock.
    expect(result.staleTags).toEqual([productTag(product.slug)]);

    expect(await stockOf(db, a)).toBe(3);
    expect(await stockOf(db, b)).toBe(3);
    expect(await getCartCount(db, { userId })).toBe(0);
    const [notification] = await db.select().from(notifications).where(eq(notifications.userId, userId));
    expect(notification).toMatchObject({
      kind: "order_placed",
      title: `Order ${order.number} placed`,
      link: `/orders/${order.number}`,
      readAt: null,
    });
  });

  it("charges the seeded rate outside Nairobi and lets a guest buy", async () => {
    const owner = guest();
    const {
      variantIds: [a],
    } = await createProduct(db, [{ price: 999, stock: 2 }]);
    await cartWith(owner, [[a, 1]]);
    const result = await placeOrder(db, { cartOwner: owner, delivery, idempotencyKey: newIdempotencyKey() });
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(result.order.deliveryFee).toBe(450);
    expect(result.order.total).toBe(999 + 450);
    const [row] = await db.select().from(orders).where(eq(orders.id, result.order.id));
    expect(row.userId).toBeNull();
    expect(row.guestTokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("charges the county's rate as stored now, and keeps it on the order when the rate changes later", async () => {
    const owner = guest();
    const {
      variantIds: [a],
    } = await createProduct(db, [{ price: 1000, stock: 2 }]);
    await cartWith(owner, [[a, 1]]);
    const rate = { fee: 380, minDays: 3, maxDays: 4 };
    await db.update(deliveryZones).set(rate).where(eq(deliveryZones.county, "Lamu"));
    const result = await placeOrder(db, {
      cartOwner: owner,
      delivery: { ...delivery, county: "Lamu" },
      idempotencyKey: newIdempotencyKey(),
    });
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(result.order.deliveryFee).toBe(380);
    expect(result.order.total).toBe(1380);
    expect(result.order.deliveryWindow).toEqual(deliveryWindow(rate, new Date()));

    await db.update(deliveryZones).set({ fee: 999, minDays: 7, maxDays: 9 }).where(eq(deliveryZones.county, "Lamu"));
    const later = (await findOrderUnchecked(db, result.order.id))!;
    expect(later.deliveryFee).toBe(380);
    expect(later.total).toBe(1380);
    expect(later.deliveryWindow).toEqual(result.order.deliveryWindow);
  });

  it("places no pay-on-delivery order where the county's carriage does not offer it, and keeps who carries it", async () => {
    const owner = guest();
    const {
      variantIds: [a],
    } = await createProduct(db, [{ price: 1000, stock: 2 }]);
    await cartWith(owner, [[a, 1]]);
    await db.update(deliveryZones).set({ carrier: "courier", payOnDelivery: false }).where(eq(deliveryZones.county, "Kisumu"));
    const order = () => placeOrder(db, { cartOwner: owner, delivery, idempotencyKey: newIdempotencyKey() });
    expect(await order()).toEqual({ ok: false, reason: "payment_refused", error: payOnDeliveryMessages.notOffered("Kisumu") });
    expect(await stockOf(db, a)).toBe(2);

    await db.update(deliveryZones).set({ payOnDelivery: true }).where(eq(deliveryZones.county, "Kisumu"));
    const placed = await order();
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    const [row] = await db.select({ carrier: orders.carrier }).from(orders).where(eq(orders.id, placed.order.id));
    expect(row.carrier).toBe("courier");
  });

  it("places nothing unless the rate the checkout showed is the county's rate now, and says the rate", async () => {
    const owner = guest();
    const {
      variantIds: [a],
    } = await createProduct(db, [{ price: 1000, stock: 2 }]);
    await cartWith(owner, [[a, 1]]);
    const kisumu = { fee: 450, minDays: 2, maxDays: 5 };
    const place = (expectedDeliveryQuote: unknown, idempotencyKey = newIdempotencyKey()) =>
      placeOrder(db, { cartOwner: owner, delivery, idempotencyKey, expectedDeliveryQuote });

    // Another rate (staff changed it since), or none (a form posted without JavaScript).
    for (const quote of [deliveryQuote({ ...kisumu, fee: 200 }), deliveryQuote({ ...kisumu, maxDays: 4 }), "", null]) {
      const key = newIdempotencyKey();
      expect(await place(quote, key)).toEqual({
        ok: false,
        reason: "delivery_quoted",
        error: placeOrderMessages.deliveryQuoted({ kind: "delivery", county: "Kisumu", rate: kisumu }, kisumu),
      });
      expect(await ordersWithKey(key)).toEqual([]);
    }
    expect(placeOrderMessages.deliveryQuoted({ kind: "delivery", county: "Kisumu", rate: kisumu }, kisumu)).toContain(
      "Delivery to Kisumu costs KSh 450 (delivered in 2–5 days)",
    );
    expect(await stockOf(db, a)).toBe(2);

    const placed = await place(deliveryQuote(kisumu));
    expect(placed.ok && placed.order.deliveryFee).toBe(450);
  });

  it("uses the price at the time of the order, not the one when the line was added", async () => {
    const owner = guest();
    const {
      variants: [variant],
    } = await createProduct(db, [{ price: 1000, stock: 5 }]);
    await cartWith(owner, [[variant.id, 1]]);
    await db.update(variants).set({ price: 1300 }).where(eq(variants.id, variant.id));
    const result = await placeOrder(db, { cartOwner: owner, delivery, idempotencyKey: newIdempotencyKey() });
    expect(result.ok && result.order.subtotal).toBe(1300);
  });

  it("places one order for a double submit with the same key", async () => {
    const owner = guest();
    const {
      variantIds: [a],
    } = await createProduct(db, [{ stock: 5 }]);
    await cartWith(owner, [[a, 2]]);
    const idempotencyKey = newIdempotencyKey();

    const first = await placeOrder(db, { cartOwner: owner, delivery, idempotencyKey });
    const second = await placeOrder(db, { cartOwner: owner, delivery, idempotencyKey });

    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(second.replayed).toBe(true);
    expect(second.order).toEqual(first.order);
    expect(await ordersWithKey(idempotencyKey)).toHaveLength(1);
    expect(await stockOf(db, a)).toBe(3);
  });

  it("places one order for concurrent submits with the same key", async () => {
    const owner = guest();
    const {
      variantIds: [a],
    } = await createProduct(db, [{ stock: 10 }]);
    await cartWith(owner, [[a, 2]]);
    const idempotencyKey = newIdempotencyKey();

    const results = await Promise.all(
      Array.from({ length: 4 }, () => placeOrder(db, { cartOwner: owner, delivery, idempotencyKey })),
    );

    expect(results.every((result) => result.ok)).toBe(true);
    expect(new Set(results.map((result) => result.ok && result.order.number)).size).toBe(1);
    expect(results.filter((result) => result.ok && !result.replayed)).toHaveLength(1);
    expect(await ordersWithKey(idempotencyKey)).toHaveLength(1);
    expect(await stockOf(db, a)).toBe(8);
  });

  it("sells the last unit to exactly one of two racing buyers", async () => {
    const {
      variantIds: [last],
    } = await createProduct(db, [{ stock: 1 }]);
    const buyers = [guest(), guest(), await createUser(db).then((userId) => ({ userId }))];
    for (const buyer of buyers) await cartWith(buyer, [[last, 1]]);
    const keys = buyers.map(() => newIdempotencyKey());

    const results = await Promise.all(
      buyers.map((buyer, i) => placeOrder(db, { cartOwner: buyer, delivery, idempotencyKey: keys[i] })),
    );

    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const losers = results.filter((result) => !result.ok);
    expect(losers).toHaveLength(2);
    for (const loser of losers) {
      expect(loser).toMatchObject({ reason: "out_of_stock", shortLines: [{ variantId: last, requested: 1, available: 0 }] });
    }
    expect(await stockOf(db, last)).toBe(0);
    const placed = await db.select().from(orders).where(inArray(orders.idempotencyKey, keys));
    expect(placed).toHaveLength(1);
  });

  // Only a server lets another transaction hold a row (the embedded database runs one at a time).
  it.skipIf(!process.env.DATABASE_URL)(
    "refuses a cart that is already short without waiting for a sale that holds its variant",
    async () => {
      const owner = guest();
      const {
        variantIds: [soldOut],
      } = await createProduct(db, [{ stock: 1 }]);
      await cartWith(owner, [[soldOut, 1]]);
      await db.update(variants).set({ stock: 0 }).where(eq(variants.id, soldOut));
      let endSale!: () => void;
      let saleHoldsVariant!: () => void;
      const holding = new Promise<void>((resolve) => (saleHoldsVariant = resolve));
      const sale = db.transaction(async (tx) => {
        await tx.select().from(variants).where(eq(variants.id, soldOut)).for("update");
        saleHoldsVariant();
        await new Promise<void>((resolve) => (endSale = resolve));
      });
      await holding;

      const checkout = placeOrder(db, { cartOwner: owner, delivery, idempotencyKey: newIdempotencyKey() });
      const stillWaiting = new Promise((resolve) => setTimeout(() => resolve("still waiting for the lock"), 5_000));
      try {
        expect(await Promise.race([checkout, stillWaiting])).toMatchObject({ ok: false, reason: "out_of_stock" });
      } finally {
        endSale();
        await Promise.all([sale, checkout]);
      }
    },
  );

  it("stores nothing when a line is short, and says which line and what is left", async () => {
    const owner = guest();
    const {
      product,
      variants: [plenty, scarce],
      variantIds: [a, b],
    } = await createProduct(db, [{ stock: 10 }, { stock: 5 }]);
    await cartWith(owner, [
      [a, 2],
      [b, 4],
    ]);
    await db.update(variants).set({ stock: 3 }).where(eq(variants.id, scarce.id)); // someone else bought 2
    const idempotencyKey = newIdempotencyKey();

    const result = await placeOrder(db, { cartOwner: owner, delivery, idempotencyKey });

    expect(result).toEqual({
      ok: false,
      reason: "out_of_stock",
      error: placeOrderMessages.outOfStock,
      shortLines: [{ variantId: b, productName: product.name, variantLabel: "M · Black", requested: 4, available: 3 }],
    });
    expect(await ordersWithKey(idempotencyKey)).toEqual([]);
    expect(await stockOf(db, plenty.id)).toBe(10);
    expect(await stockOf(db, b)).toBe(3);
    expect(await getCartCount(db, owner)).toBe(6);
  });

  it("refuses an empty cart, and a cart that does not exist", async () => {
    const owner = guest();
    const idempotencyKey = newIdempotencyKey();
    const expected = { ok: false, reason: "empty_cart", error: placeOrderMessages.emptyCart };
    expect(await placeOrder(db, { cartOwner: owner, delivery, idempotencyKey })).toEqual(expected);
    const {
      variantIds: [a],
    } = await createProduct(db, [{ stock: 3 }]);
    await cartWith(owner, [[a, 1]]);
    const { removeFromCart } = await import("@/lib/cart/lines");
    await removeFromCart(db, owner, a);
    expect(await placeOrder(db, { cartOwner: owner, delivery, idempotencyKey })).toEqual(expected);
    expect(await ordersWithKey(idempotencyKey)).toEqual([]);
  });

  it("stores the buyer's KRA PIN as KRA writes it, and places nothing with a wrong one", async () => {
    const owner = guest();
    const {
      variantIds: [a],
    } = await createProduct(db, [{ stock: 3 }]);
    await cartWith(owner, [[a, 1]]);
    const wrong = await placeOrder(db, { cartOwner: owner, delivery, buyerPin: "P0512X", idempotencyKey: newIdempotencyKey() });
    expect(wrong).toEqual({ ok: false, reason: "invalid_delivery", errors: { buyerPin: kraPinMessage } });
    expect(await getCartCount(db, owner)).toBe(1);

    const idempotencyKey = newIdempotencyKey();
    const placed = await placeOrder(db, { cartOwner: owner, delivery, buyerPin: " p051234567x ", idempotencyKey });
    expect(placed.ok).toBe(true);
    const [order] = await ordersWithKey(idempotencyKey);
    expect(order.buyerPin).toBe("P051234567X");
  });

  it("answers a refused payment choice with the delivery details' errors, in one pass, and stores nothing", async () => {
    const owner = guest();
    const {
      variantIds: [a],
    } = await createProduct(db, [{ stock: 3 }]);
    await cartWith(owner, [[a, 1]]);
    const idempotencyKey = newIdempotencyKey();
    const payment = { method: null, error: "Enter the M-Pesa phone number." };

    const refused = await placeOrder(db, { cartOwner: owner, delivery: { ...delivery, email: "no" }, payment, idempotencyKey });
    expect(refused).toEqual({
      ok: false,
      reason: "invalid_delivery",
      errors: { email: deliveryMessages.email, mpesaPhone: payment.error },
    });
    expect(await placeOrder(db, { cartOwner: owner, delivery, payment, idempotencyKey })).toEqual({
      ok: false,
      reason: "invalid_delivery",
      errors: { mpesaPhone: payment.error },
    });
    expect(await ordersWithKey(idempotencyKey)).toEqual([]);
  });

  it("re-validates the delivery details and stores nothing when they are wrong", async () => {
    const owner = guest();
    const {
      variantIds: [a],
    } = await createProduct(db, [{ stock: 3 }]);
    await cartWith(owner, [[a, 1]]);
    const idempotencyKey = newIdempotencyKey();

    const hostile = {
      fullName: "x".repeat(10_000),
      phone: "0800 000 000",
      county: "Gotham",
      town: "",
      street: "<script>alert(1)</script>",
      notes: "\u0000",
    };
    const result = await placeOrder(db, { cartOwner: owner, delivery: hostile, idempotencyKey });

    expect(result).toEqual({
      ok: false,
      reason: "invalid_delivery",
      errors: {
        fullName: deliveryMessages.fullName,
        phone: deliveryMessages.phone,
        email: deliveryMessages.email,
        county: deliveryMessages.county,
        town: deliveryMessages.town,
        notes: deliveryMessages.notes,
      },
    });
    expect(await ordersWithKey(idempotencyKey)).toEqual([]);
    expect(await stockOf(db, a)).toBe(3);
    expect(await getCartCount(db, owner)).toBe(1);
  });

  it.each([undefined, "", "short", "x".repeat(101), "has spaces in it!!", 12345678901234567890])(
    "refuses the idempotency key %j",
    async (idempotencyKey) => {
      const owner = guest();
      const {
        variantIds: [a],
      } = await createProduct(db, [{ stock: 3 }]);
      await cartWith(owner, [[a, 1]]);
      expect(await placeOrder(db, { cartOwner: owner, delivery, idempotencyKey })).toEqual({
        ok: false,
        reason: "invalid_checkout",
        error: placeOrderMessages.invalidCheckout,
      });
      expect(await stockOf(db, a)).toBe(3);
    },
  );

  it("never hands someone else's order to a buyer who reuses its key", async () => {
    const victim = guest();
    const attacker = guest();
    const {
      variantIds: [a],
    } = await createProduct(db, [{ stock: 5 }]);
    await cartWith(victim, [[a, 1]]);
    await cartWith(attacker, [[a, 1]]);
    const idempotencyKey = newIdempotencyKey();
    expect((await placeOrder(db, { cartOwner: victim, delivery, idempotencyKey })).ok).toBe(true);

    const stolen = await placeOrder(db, { cartOwner: attacker, delivery, idempotencyKey });

    expect(stolen).toEqual({ ok: false, reason: "invalid_checkout", error: placeOrderMessages.invalidCheckout });
    expect(await getCartCount(db, attacker)).toBe(1);
    expect(await stockOf(db, a)).toBe(4);
  });

  it("refuses a malformed guest token", async () => {
    const result = await placeOrder(db, {
      cartOwner: { guestToken: "../../etc" },
      delivery,
      idempotencyKey: newIdempotencyKey(),
    });
    expect(result).toMatchObject({ ok: false, reason: "invalid_checkout" });
  });

  it("keeps each order's lines and payment with it", async () => {
    const owner = guest();
    const {
      variantIds: [a],
    } = await createProduct(db, [{ stock: 5 }]);
    await cartWith(owner, [[a, 3]]);
    const result = await placeOrder(db, { cartOwner: owner, delivery, idempotencyKey: newIdempotencyKey() });
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(await db.select().from(orderLines).where(eq(orderLines.orderId, result.order.id))).toHaveLength(1);
    expect(await db.select().from(payments).where(eq(payments.orderId, result.order.id))).toHaveLength(1);
  });
});
