import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { theShop, type Actor } from "@/lib/auth/actor";
import { addToCart } from "@/lib/cart/lines";
import type { CartOwner } from "@/lib/cart/owner";
import type { Database } from "@/lib/db";
import { stockMovements, user, variants } from "@/lib/db/schema";
import { newIdempotencyKey } from "@/lib/orders/order-number";
import { updateOrderStatus } from "@/lib/orders/status-changes";
import { placeOrder } from "@/lib/orders/place-order";
import { withTestDb } from "@/lib/testing/db";
import { createProduct, createUser, guest, stockOf, testDelivery } from "@/lib/testing/fixtures";
import { adjustStock } from "./adjust";
import { stockHistory } from "./movements";
import { MAX_STOCK_CHANGE, MAX_STOCK_LEVEL, parseStockAdjustment, stockMessages } from "./rules";
import { findProductStock, variantStock } from "./variants";

let db: Database;
withTestDb((opened) => (db = opened));

const staff: Actor = { id: null, label: "wanjiru@kijanithreads.co.ke" };

async function buy(owner: CartOwner, variantId: number, quantity: number) {
  expect((await addToCart(db, owner, { variantId, quantity })).ok).toBe(true);
  return placeOrder(db, { cartOwner: owner, delivery: testDelivery, idempotencyKey: newIdempotencyKey() });
}

async function movementsOf(variantId: number) {
  return db.select().from(stockMovements).where(eq(stockMovements.variantId, variantId)).orderBy(asc(stockMovements.id));
}

describe("reading a stock adjustment from a form", () => {
  const parse = (change: unknown, reason: unknown = "correction") => parseStockAdjustment({ variantId: "7", change, reason });

  it("takes signed whole numbers within the bound, not zero", () => {
    expect(parse("+5")).toEqual({ ok: true, adjustment: { variantId: 7, change: 5, reason: "correction" } });
    expect(parse(" -3 ")).toMatchObject({ ok: true, adjustment: { change: -3 } });
    expect(parse(String(MAX_STOCK_CHANGE))).toMatchObject({ ok: true });
    for (const bad of ["0", "-0", "1.5", "1e3", "", "five", String(MAX_STOCK_CHANGE + 1), null, "99999999999"]) {
      expect(parse(bad)).toEqual({ ok: false, errors: { change: stockMessages.change } });
    }
  });

  it("fits the sign to the reason: a restock adds, damage removes, a correction goes either way", () => {
    expect(parse("-2", "restock")).toEqual({ ok: false, errors: { change: stockMessages.restockAdds } });
    expect(parse("2", "damaged")).toEqual({ ok: false, errors: { change: stockMessages.damagedRemoves } });
    expect(parse("-2", "damaged")).toMatchObject({ ok: true });
    expect(parse("-2", "correction")).toMatchObject({ ok: true });
    expect(parse("2", "order")).toEqual({ ok: false, errors: { reason: stockMessages.reason } });
    expect(parseStockAdjustment({ variantId: "x", change: "1", reason: "restock" })).toMatchObject({ unknownVariant: true });
  });
});

describe(`stock movements (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("adjusts stock, recording who, why, the change and the level, newest first", async () => {
    const {
      variantIds: [id],
    } = await createProduct(db, [{ stock: 4 }]);
    expect(await adjustStock(db, { variantId: String(id), change: "+12", reason: "restock", actor: staff })).toEqual({
      ok: true,
      variantId: id,
      level: 16,
      message: stockMessages.done(16),
    });
    await adjustStock(db, { variantId: id, change: "-1", reason: "damaged", actor: staff });
    expect(await stockOf(db, id)).toBe(15);
    const history = await stockHistory(db, id);
    expect(history).toMatchObject([
      { actorLabel: staff.label, reasonLabel: "Damaged", change: -1, level: 15 },
      { actorLabel: staff.label, reasonLabel: "Restock", change: 12, level: 16 },
    ]);
    expect(await stockHistory(db, id, { limit: 1 })).toHaveLength(1);
  });

  it("refuses to take stock below zero or above the limit, and changes nothing", async () => {
    const {
      variantIds: [id],
    } = await createProduct(db, [{ stock: 3 }]);
    expect(await adjustStock(db, { variantId: id, change: "-5", reason: "correction", actor: staff })).toEqual({
      ok: false,
      reason: "out_of_range",
      errors: { change: "Only 3 in stock: you cannot remove 5." },
      stock: 3,
    });
    expect(await stockOf(db, id)).toBe(3);
    await db
      .update(variants)
      .set({ stock: MAX_STOCK_LEVEL - 1 })
      .where(eq(variants.id, id));
    expect(await adjustStock(db, { variantId: id, change: "2", reason: "restock", actor: staff })).toMatchObject({
      ok: false,
      errors: { change: stockMessages.tooMany(MAX_STOCK_LEVEL - 1) },
    });
    expect(await movementsOf(id)).toEqual([]);
  });

  it("answers an unknown or malformed variant, and invalid values, without storing anything", async () => {
    for (const variantId of ["abc", 2_000_000_000]) {
      expect(await adjustStock(db, { variantId, change: "1", reason: "restock", actor: staff })).toEqual({
        ok: false,
        reason: "unknown_variant",
        error: stockMessages.unknownVariant,
      });
    }
    const {
      variantIds: [id],
    } = await createProduct(db, [{ stock: 3 }]);
    expect(await adjustStock(db, { variantId: id, change: "2", reason: "stolen", actor: staff })).toMatchObject({
      reason: "invalid",
      errors: { reason: stockMessages.reason },
    });
    expect(await movementsOf(id)).toEqual([]);
  });

  it("records orders by the shopper and cancellations by whoever cancelled", async () => {
    const {
      variantIds: [id],
    } = await createProduct(db, [{ stock: 10 }]);
    const userId = await createUser(db);
    const [account] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
    const member = await buy({ userId }, id, 2);
    const visitor = await buy(guest(), id, 3);
    if (!member.ok || !visitor.ok) throw new Error("the orders were not placed");
    await updateOrderStatus(db, { number: member.order.number, status: "cancelled", note: "Asked to", actor: staff });
    await updateOrderStatus(db, { number: visitor.order.number, status: "cancelled", note: "Unpaid", actor: theShop });

    expect(await stockHistory(db, id)).toMatchObject([
      { actorLabel: theShop.label, reasonLabel: `Cancelled order ${visitor.order.number}`, change: 3, level: 10 },
      { actorLabel: staff.label, reasonLabel: `Cancelled order ${member.order.number}`, change: 2, level: 7 },
      { actorLabel: "Shopper", reasonLabel: `Order ${visitor.order.number}`, change: -3, level: 5 },
      { actorLabel: account.email, reasonLabel: `Order ${member.order.number}`, change: -2, level: 8 },
    ]);
    const [first] = await movementsOf(id);
    expect(first).toMatchObject({ actorId: userId, orderId: member.order.id });
  });

  it("never loses a change when adjustments and orders race on one variant", async () => {
    const start = 20;
    const {
      variantIds: [id],
    } = await createProduct(db, [{ stock: start }]);
    const shoppers = Array.from({ length: 6 }, () => guest());
    for (const shopper of shoppers) expect((await addToCart(db, shopper, { variantId: id, quantity: 3 })).ok).toBe(true);
    const changes = Array.from({ length: 24 }, (_, i) => (i % 3 === 0 ? -4 : i % 3 === 1 ? 5 : -1));

    const [adjusted, ordered] = await Promise.all([
      Promise.all(
        changes.map((change) =>
          adjustStock(db, { variantId: id, change, reason: change > 0 ? "restock" : "correction", actor: staff }),
        ),
      ),
      Promise.all(
        shoppers.map((cartOwner) => placeOrder(db, { cartOwner, delivery: testDelivery, idempotencyKey: newIdempotencyKey() })),
      ),
    ]);

    const applied = changes.filter((_, i) => adjusted[i].ok).reduce((sum, change) => sum + change, 0);
    const unitsOrdered = ordered.filter((result) => result.ok).length * 3;
    expect(await stockOf(db, id)).toBe(start + applied - unitsOrdered);
    const movements = await movementsOf(id);
    expect(movements).toHaveLength(adjusted.filter((result) => result.ok).length + unitsOrdered / 3);
    let level = start;
    for (const movement of movements) {
      expect(movement.level).toBe(level + movement.change);
      expect(movement.level).toBeGreaterThanOrEqual(0);
      level = movement.level;
    }
    expect(level).toBe(await stockOf(db, id));
  });
});

describe("a product's stock for the back office", () => {
  it("lists its variants and finds one only under its own product", async () => {
    const { product, variantIds } = await createProduct(db, [{ stock: 1 }, { stock: 2 }]);
    expect(await findProductStock(db, String(product.id))).toMatchObject({
      product: { id: product.id, name: product.name },
      variants: [
        { id: variantIds[0], label: "S · Black", stock: 1, archived: false },
        { id: variantIds[1], label: "M · Black", stock: 2 },
      ],
    });
    expect(await variantStock(db, product.id, variantIds[1])).toMatchObject({ variant: { stock: 2 } });
    const other = await createProduct(db, [{ stock: 1 }]);
    expect(await variantStock(db, other.product.id, variantIds[1])).toBeNull();
    expect(await variantStock(db, "1; drop", variantIds[1])).toBeNull();
    expect(await findProductStock(db, "0")).toBeNull();
  });
});
