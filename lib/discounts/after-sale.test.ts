import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { addToCart, getCart } from "@/lib/cart/lines";
import type { Database } from "@/lib/db";
import { invoices } from "@/lib/db/schema";
import { newIdempotencyKey } from "@/lib/orders/order-number";
import { placeOrder } from "@/lib/orders/place-order";
import { updateOrderStatus } from "@/lib/orders/status-changes";
import { withTestDb } from "@/lib/testing/db";
import { createProduct, guest, receiveReturnOfOneUnit, testDelivery } from "@/lib/testing/fixtures";
import { applyCartCode } from "./cart-code";
import { testCategories } from "@/lib/testing/fixtures";
import { discountCodeSchema } from "./code-input";
import { createDiscountCode } from "./manage";

vi.stubEnv("VAT_REGISTERED", "true");
vi.stubEnv("SHOP_KRA_PIN", "P051234567X");

let db: Database;
withTestDb((opened) => (db = opened));

const staff = { id: null, label: "staff@kijanithreads.test" };

describe(`a discounted order after the sale (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("charges VAT on the discounted price, and a return refunds the returned unit's discounted price", async () => {
    const input = discountCodeSchema(testCategories).parse({
      code: "AFTER-SALE",
      kind: "fixed",
      value: "301",
      scope: "all",
      startsAt: "2020-01-01T00:00",
      endsAt: "2099-01-01T00:00",
    });
    expect((await createDiscountCode(db, input, staff)).ok).toBe(true);
    const {
      variantIds: [a],
    } = await createProduct(db, [{ price: 2000, stock: 5 }]);
    const buyer = guest();
    await addToCart(db, buyer, { variantId: a, quantity: 2 });
    expect((await applyCartCode(db, buyer, await getCart(db, buyer), "after-sale")).ok).toBe(true);
    const placed = await placeOrder(db, { cartOwner: buyer, delivery: testDelivery, idempotencyKey: newIdempotencyKey() });
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    for (const status of ["confirmed", "dispatched", "delivered"])
      expect((await updateOrderStatus(db, { number: placed.order.number, status, actor: staff })).ok).toBe(true);

    const [sale] = await db.select().from(invoices).where(eq(invoices.orderId, placed.order.id));
    const [goods] = sale.lines;
    // 4,000 less 301 is 3,699: VAT (16 %) is taken out of the discounted total.
    expect(goods).toMatchObject({ quantity: 2, unitPriceCents: 200_000, discountCents: 30_100, totalCents: 369_900 });
    expect(goods.vatCents).toBe(Math.round((369_900 * 16) / 116));

    // One of two units back: 2,000 less its share of the discount (150.5, rounded up to 151).
    const refund = await receiveReturnOfOneUnit(db, placed.order.id, staff);
    expect(refund.amount).toBe(1849);
  });
});
