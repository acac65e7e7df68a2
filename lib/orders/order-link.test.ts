import { describe, expect, it } from "vitest";
import { addToCart } from "@/lib/cart/lines";
import type { CartOwner } from "@/lib/cart/owner";
import type { Database } from "@/lib/db";
import { withTestDb } from "@/lib/testing/db";
import { createProduct, guest, testDelivery } from "@/lib/testing/fixtures";
import { findOrderAccess, orderLinkPath, orderLinkToken, verifyOrderLink } from "./order-link";
import { newIdempotencyKey } from "./order-number";
import { placeOrder } from "./place-order";
import { orderLinkParam } from "./status";

let db: Database;
withTestDb((opened) => (db = opened));

async function placed(owner: CartOwner) {
  const { variantIds } = await createProduct(db, [{ stock: 5 }]);
  await addToCart(db, owner, { variantId: variantIds[0], quantity: 1 });
  const result = await placeOrder(db, { cartOwner: owner, delivery: testDelivery, idempotencyKey: newIdempotencyKey() });
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.order;
}

describe(`order links (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("accept only the order's own token", () => {
    const token = orderLinkToken(7);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verifyOrderLink(7, token)).toBe(true);
    expect(verifyOrderLink(8, token)).toBe(false);
    expect(verifyOrderLink(7, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBe(false);
    expect(verifyOrderLink(7, undefined)).toBe(false);
    expect(verifyOrderLink(7, [token])).toBe(false);
  });

  it("open an order for its owner in full, for the link's holder masked, and for nobody else", async () => {
    const buyer = guest();
    const order = await placed(buyer);
    const token = new URL(orderLinkPath(order), "http://shop").searchParams.get(orderLinkParam);

    expect(await findOrderAccess(db, order.number, buyer, undefined)).toMatchObject({ kind: "owner" });
    expect(await findOrderAccess(db, order.number, guest(), token)).toMatchObject({ kind: "link", order: { id: order.id } });
    expect(await findOrderAccess(db, order.number, guest(), orderLinkToken(order.id + 1))).toEqual({ kind: "none" });
    expect(await findOrderAccess(db, order.number, guest(), undefined)).toEqual({ kind: "none" });
    expect(await findOrderAccess(db, "KT-2222222", guest(), token)).toEqual({ kind: "none" });
  });
});
