import { describe, expect, it } from "vitest";
import { addToCart } from "@/lib/cart/lines";
import type { CartOwner } from "@/lib/cart/owner";
import type { Database } from "@/lib/db";
import { withTestDb } from "@/lib/testing/db";
import { createProduct, createUser, guest, testDelivery } from "@/lib/testing/fixtures";
import { newIdempotencyKey } from "./order-number";
import { placeOrder } from "./place-order";
import { adoptGuestOrders, findOrderForOwner, listUserOrders } from "./shopper-orders";

let db: Database;
withTestDb((opened) => (db = opened));

async function placed(owner: CartOwner) {
  const { variantIds } = await createProduct(db, [{ stock: 5 }]);
  await addToCart(db, owner, { variantId: variantIds[0], quantity: 1 });
  const result = await placeOrder(db, { cartOwner: owner, delivery: testDelivery, idempotencyKey: newIdempotencyKey() });
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.order.number;
}

describe(`guest orders adopted at sign-in (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("attach the browser's guest orders to the account, and no one else's", async () => {
    const browser = guest();
    const userId = await createUser(db);
    const own = await placed({ userId });
    const first = await placed(browser);
    const second = await placed(browser);
    const stranger = await placed(guest());

    expect(await adoptGuestOrders(db, { ...browser, userId })).toBe(2);

    const listed = (await listUserOrders(db, userId)).map((order) => order.number);
    expect(listed.sort()).toEqual([own, first, second].sort());
    expect(await findOrderForOwner(db, first, { userId })).toMatchObject({ number: first });
    expect(await findOrderForOwner(db, stranger, { userId })).toBeNull();
  });

  it("leave orders already attached to an account where they are, and ignore a malformed token", async () => {
    const browser = guest();
    const number = await placed(browser);
    const [owner, other] = [await createUser(db), await createUser(db)];
    await adoptGuestOrders(db, { ...browser, userId: owner });

    expect(await adoptGuestOrders(db, { ...browser, userId: other })).toBe(0);
    expect(await adoptGuestOrders(db, { guestToken: "not-a-token", userId: other })).toBe(0);
    expect((await listUserOrders(db, owner)).map((order) => order.number)).toEqual([number]);
  });
});
