import { eq, inArray, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addToCart, getCartCount } from "@/lib/cart/lines";
import type { CartOwner } from "@/lib/cart/owner";
import type { Database } from "@/lib/db";
import { authThrottle, orders, stockMovements, variants } from "@/lib/db/schema";
import { createProduct, guest, stockOf, testDelivery } from "@/lib/testing/fixtures";
import { withTestDb } from "@/lib/testing/db";
import { newIdempotencyKey } from "./order-number";
import { placeOrder, placeOrderMessages } from "./place-order";

// What runs while a checkout holds the rows every checkout of a rush shares (a variant, the counters
// of a client address), and that taking the stock last, before the counters, keeps every guarantee.

let db: Database;
withTestDb((opened) => (db = opened));

async function buyerOf(variantId: number, quantity = 1): Promise<CartOwner> {
  const owner = guest();
  expect((await addToCart(db, owner, { variantId, quantity })).ok).toBe(true);
  return owner;
}

/** Holds `lock` in a transaction of its own until `release` is called. */
async function holding(lock: (tx: Database) => Promise<unknown>) {
  let release!: () => void;
  let held!: () => void;
  const isHeld = new Promise<void>((resolve) => (held = resolve));
  const done = db.transaction(async (tx) => {
    await lock(tx);
    held();
    await new Promise<void>((resolve) => (release = resolve));
  });
  await isHeld;
  return { release: () => (release(), done) };
}

/** Resolves once a statement of this database waits for a lock. */
async function someoneWaitsForALock(): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    const [{ waiting }] = await db
      .select({ waiting: sql<number>`count(*)::int` })
      .from(sql`pg_stat_activity`)
      .where(sql`datname = current_database() and wait_event_type = 'Lock'`);
    if (waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("No statement waited for a lock");
}

describe(`checkouts sharing rows (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("sells exactly the units there are to many racing buyers, each sale in the stock history", async () => {
    const {
      variantIds: [tee],
    } = await createProduct(db, [{ stock: 3 }]);
    const buyers = await Promise.all(Array.from({ length: 8 }, () => buyerOf(tee)));
    const keys = buyers.map(() => newIdempotencyKey());

    const results = await Promise.all(
      buyers.map((cartOwner, i) => placeOrder(db, { cartOwner, delivery: testDelivery, idempotencyKey: keys[i] })),
    );

    expect(results.filter((result) => result.ok)).toHaveLength(3);
    for (const loser of results.filter((result) => !result.ok))
      expect(loser).toMatchObject({ reason: "out_of_stock", shortLines: [{ variantId: tee, requested: 1, available: 0 }] });
    expect(await stockOf(db, tee)).toBe(0);
    expect(await db.select().from(orders).where(inArray(orders.idempotencyKey, keys))).toHaveLength(3);
    const history = await db.select().from(stockMovements).where(eq(stockMovements.variantId, tee));
    expect(history.map((movement) => movement.level).sort()).toEqual([0, 1, 2]);
  });

  // Only a server lets another transaction hold a row (the embedded database runs one at a time).
  describe.skipIf(!process.env.DATABASE_URL)("on a server", () => {
    it("refuses a checkout whose last unit another sale takes without waiting for its address's counter", async () => {
      const clientAddress = "203.0.113.9";
      const addressKey = `pay-on-delivery:address:${clientAddress}`;
      const {
        variantIds: [last],
      } = await createProduct(db, [{ stock: 1 }]);
      const owner = await buyerOf(last);
      await db.insert(authThrottle).values({ key: addressKey, count: 0, windowStart: Date.now() });
      // Another checkout from the same address holds its counter, and a sale holds the last unit.
      const counter = await holding((tx) => tx.select().from(authThrottle).where(eq(authThrottle.key, addressKey)).for("update"));
      const sale = await holding((tx) => tx.update(variants).set({ stock: 0 }).where(eq(variants.id, last)));
      try {
        const checkout = placeOrder(db, {
          cartOwner: owner,
          delivery: testDelivery,
          idempotencyKey: newIdempotencyKey(),
          clientAddress,
        });
        await someoneWaitsForALock();
        await sale.release();
        // Answered while the counter is still held: counted first, it would wait for it.
        const answer = await Promise.race([
          checkout,
          new Promise((resolve) => setTimeout(() => resolve("still waiting"), 5_000)),
        ]);
        expect(answer).toMatchObject({ ok: false, reason: "out_of_stock" });
      } finally {
        await counter.release();
      }
      expect(await stockOf(db, last)).toBe(0);
    });

    it("stores and counts nothing when a sale takes the last unit between its check and its take", async () => {
      const {
        variantIds: [last],
      } = await createProduct(db, [{ stock: 1 }]);
      const owner = await buyerOf(last);
      const idempotencyKey = newIdempotencyKey();
      const clientAddress = "203.0.113.10";
      const sale = await holding((tx) => tx.update(variants).set({ stock: 0 }).where(eq(variants.id, last)));

      const checkout = placeOrder(db, { cartOwner: owner, delivery: testDelivery, idempotencyKey, clientAddress });
      await someoneWaitsForALock();
      await sale.release();

      expect(await checkout).toEqual({
        ok: false,
        reason: "out_of_stock",
        error: placeOrderMessages.outOfStock,
        shortLines: [expect.objectContaining({ variantId: last, requested: 1, available: 0 })],
      });
      expect(await db.select().from(orders).where(eq(orders.idempotencyKey, idempotencyKey))).toEqual([]);
      expect(await getCartCount(db, owner)).toBe(1);
      expect(
        await db
          .select()
          .from(authThrottle)
          .where(like(authThrottle.key, `%${clientAddress}`)),
      ).toEqual([]);
    });

    it("refuses with the new price when the price changes between its check and its take", async () => {
      const {
        variantIds: [tee],
      } = await createProduct(db, [{ price: 1000, stock: 5 }]);
      const owner = await buyerOf(tee);
      const repricing = await holding((tx) => tx.update(variants).set({ price: 1300 }).where(eq(variants.id, tee)));

      const checkout = placeOrder(db, {
        cartOwner: owner,
        delivery: testDelivery,
        idempotencyKey: newIdempotencyKey(),
        expectedSubtotal: 1000,
      });
      await someoneWaitsForALock();
      await repricing.release();

      expect(await checkout).toEqual({ ok: false, reason: "price_changed", error: placeOrderMessages.priceChanged });
      expect(await stockOf(db, tee)).toBe(5);
    });
  });
});
