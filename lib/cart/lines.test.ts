import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { drawnImage } from "@/lib/catalog/images";
import { cartLines, carts } from "@/lib/db/schema";
import { withTestDb } from "@/lib/testing/db";
import type { Database } from "@/lib/db";
import { addToCart, getCart, getCartCount, mergeGuestCart, removeFromCart, setCartQuantity } from "./lines";
import { hashGuestToken, isGuestToken, newGuestToken } from "./owner";
import { limitMessages, orderLimits } from "@/lib/checkout/limits";
import { MAX_LINE_QUANTITY, cartMessages } from "./rules";
import { createProduct, createUser, guest } from "@/lib/testing/fixtures";

let db: Database;
withTestDb((opened) => (db = opened));

describe(`cart (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("adds, changes and removes lines, with line totals, subtotal and item count", async () => {
    const owner = guest();
    const {
      product,
      variantIds: [a, b],
    } = await createProduct(db, [
      { price: 1500, stock: 10 },
      { price: 2000, stock: 10 },
    ]);

    expect(await addToCart(db, owner, { variantId: a, quantity: 2 })).toEqual({ ok: true, quantity: 2 });
    expect(await addToCart(db, owner, { variantId: b, quantity: "1" })).toEqual({ ok: true, quantity: 1 });
    expect(await addToCart(db, owner, { variantId: a, quantity: 1 })).toEqual({ ok: true, quantity: 3 });

    const cart = await getCart(db, owner);
    expect(cart.lines).toEqual([
      {
        variantId: a,
        productId: product.id,
        slug: product.slug,
        name: product.name,
        image: drawnImage(product.images[0]),
        optionLabel: "S · Black",
        unitPrice: 1500,
        previousPrice: null,
        stock: 10,
        quantity: 3,
        lineTotal: 4500,
      },
      {
        variantId: b,
        productId: product.id,
        slug: product.slug,
        name: product.name,
        image: drawnImage(product.images[0]),
        optionLabel: "M · Black",
        unitPrice: 2000,
        previousPrice: null,
        stock: 10,
        quantity: 1,
        lineTotal: 2000,
      },
    ]);
    expect(cart.subtotal).toBe(6500);
    expect(cart.itemCount).toBe(4);
    expect(await getCartCount(db, owner)).toBe(4);

    expect(await setCartQuantity(db, owner, { variantId: a, quantity: 5 })).toEqual({ ok: true, quantity: 5 });
    expect(await removeFromCart(db, owner, b)).toEqual({ ok: true, quantity: 0 });
    expect(await getCartCount(db, owner)).toBe(5);
    expect((await getCart(db, owner)).lines.map((line) => [line.variantId, line.quantity])).toEqual([[a, 5]]);
  });

  it("limits a line to the stock and says so", async () => {
    const owner = guest();
    const {
      variantIds: [a],
    } = await createProduct(db, [{ stock: 3 }]);
    expect(await addToCart(db, owner, { variantId: a, quantity: 2 })).toEqual({ ok: true, quantity: 2 });
    expect(await addToCart(db, owner, { variantId: a, quantity: 5 })).toEqual({
      ok: true,
      quantity: 3,
      notice: cartMessages.clamped(3),
    });
    expect(await setCartQuantity(db, owner, { variantId: a, quantity: 9 })).toEqual({
      ok: true,
      quantity: 3,
      notice: cartMessages.clamped(3),
    });
    expect(await getCartCount(db, owner)).toBe(3);
  });

  it("limits a line to the units per line when stock is plentiful, at its edge", async () => {
    const owner = guest();
    const {
      variantIds: [a],
    } = await createProduct(db, [{ stock: 500 }]);
    const limits = { ...orderLimits(), unitsPerLine: 5, unitsPerOrder: 50 };
    expect(await addToCart(db, owner, { variantId: a, quantity: 5 }, limits)).toEqual({ ok: true, quantity: 5 });
    expect(await addToCart(db, owner, { variantId: a, quantity: 1 }, limits)).toEqual({
      ok: true,
      quantity: 5,
      notice: limitMessages.lineUnits(5),
    });
    expect(await setCartQuantity(db, owner, { variantId: a, quantity: 6 }, limits)).toEqual({
      ok: true,
      quantity: 5,
      notice: limitMessages.lineUnits(5),
    });
  });

  it("limits the cart to the units per order: fills it to the edge, then refuses another line", async () => {
    const owner = guest();
    const {
      variantIds: [a, b, c],
    } = await createProduct(db, [{ stock: 500 }, { stock: 500 }, { stock: 500 }]);
    const limits = { ...orderLimits(), unitsPerLine: 20, unitsPerOrder: 12 };
    expect(await addToCart(db, owner, { variantId: a, quantity: 8 }, limits)).toEqual({ ok: true, quantity: 8 });
    expect(await addToCart(db, owner, { variantId: b, quantity: 9 }, limits)).toEqual({
      ok: true,
      quantity: 4,
      notice: limitMessages.orderUnits(12),
    });
    expect(await addToCart(db, owner, { variantId: c, quantity: 1 }, limits)).toEqual({
      ok: false,
      error: limitMessages.orderUnits(12),
    });
    // A line may still shrink, and the room it leaves may be used.
    expect(await setCartQuantity(db, owner, { variantId: a, quantity: 7 }, limits)).toEqual({ ok: true, quantity: 7 });
    expect(await addToCart(db, owner, { variantId: c, quantity: 1 }, limits)).toEqual({ ok: true, quantity: 1 });
    expect(await getCartCount(db, owner)).toBe(12);
  });

  it("refuses a sold-out variant without creating a cart", async () => {
    const owner = guest();
    const {
      variantIds: [a],
    } = await createProduct(db, [{ stock: 0 }]);
    expect(await addToCart(db, owner, { variantId: a, quantity: 1 })).toEqual({ ok: false, error: cartMessages.soldOut });
    expect(await getCartCount(db, owner)).toBe(0);
    expect(
      await db
        .select()
        .from(carts)
        .where(eq(carts.guestTokenHash, hashGuestToken(owner.guestToken))),
    ).toEqual([]);
  });

  it.each([
    0,
    -1,
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    MAX_LINE_QUANTITY + 1,
    1e12,
    "",
    "abc",
    "-2",
    "1e3",
    null,
    undefined,
    [1],
    {},
  ])("refuses the quantity %j and changes nothing", async (quantity) => {
    const owner = guest();
    const {
      variantIds: [a],
    } = await createProduct(db, [{ stock: 10 }]);
    await addToCart(db, owner, { variantId: a, quantity: 2 });
    expect(await addToCart(db, owner, { variantId: a, quantity })).toEqual({ ok: false, error: cartMessages.quantity });
    expect(await setCartQuantity(db, owner, { variantId: a, quantity })).toEqual({ ok: false, error: cartMessages.quantity });
    expect(await getCartCount(db, owner)).toBe(2);
  });

  it.each([0, -5, 2_147_483_648, 999_999_999, "x", null, 1.5])("refuses the unknown or invalid variant %j", async (variantId) => {
    const owner = guest();
    expect(await addToCart(db, owner, { variantId, quantity: 1 })).toEqual({ ok: false, error: cartMessages.unavailable });
    expect(await getCartCount(db, owner)).toBe(0);
  });

  it("refuses to set the quantity of a line that is not in the cart", async () => {
    const owner = guest();
    const {
      variantIds: [a],
    } = await createProduct(db, [{ stock: 10 }]);
    expect(await setCartQuantity(db, owner, { variantId: a, quantity: 2 })).toEqual({ ok: false, error: cartMessages.notInCart });
    expect(await getCartCount(db, owner)).toBe(0);
  });

  it("keeps every guest to their own cart", async () => {
    const alice = guest();
    const mallory = guest();
    const {
      variantIds: [a],
    } = await createProduct(db, [{ stock: 10 }]);
    await addToCart(db, alice, { variantId: a, quantity: 2 });

    // Mallory changing or removing "the same" line only ever touches Mallory's own cart.
    expect(await setCartQuantity(db, mallory, { variantId: a, quantity: 7 })).toEqual({
      ok: false,
      error: cartMessages.notInCart,
    });
    await removeFromCart(db, mallory, a);
    expect((await getCart(db, mallory)).lines).toEqual([]);
    // Nor can the stored hash, or a malformed token, be used as a token.
    const stolenHash = { guestToken: hashGuestToken(alice.guestToken) };
    expect(await getCartCount(db, stolenHash)).toBe(0);
    await removeFromCart(db, stolenHash, a);
    expect(await addToCart(db, { guestToken: "not a token" }, { variantId: a, quantity: 1 })).toEqual({
      ok: false,
      error: cartMessages.noCart,
    });
    expect(await getCartCount(db, { guestToken: "" })).toBe(0);

    expect(await getCartCount(db, alice)).toBe(2);
  });

  it("keeps a guest token away from a user's cart, and a user's cart the same everywhere", async () => {
    const userId = await createUser(db);
    const {
      variantIds: [a],
    } = await createProduct(db, [{ stock: 10 }]);
    await addToCart(db, { userId }, { variantId: a, quantity: 4 });
    expect(await getCartCount(db, { guestToken: userId })).toBe(0);
    expect(await getCartCount(db, { userId })).toBe(4);
  });

  it("stores only the hash of a guest token", async () => {
    const owner = guest();
    const {
      variantIds: [a],
    } = await createProduct(db, [{ stock: 10 }]);
    await addToCart(db, owner, { variantId: a, quantity: 1 });
    const [cart] = await db
      .select()
      .from(carts)
      .where(eq(carts.guestTokenHash, hashGuestToken(owner.guestToken)));
    expect(cart.guestTokenHash).not.toContain(owner.guestToken);
    expect(isGuestToken(owner.guestToken)).toBe(true);
    expect(newGuestToken()).not.toBe(owner.guestToken);
  });

  it("merges a guest cart into the user's cart on sign-in", async () => {
    const userId = await createUser(db);
    const visitor = guest();
    const {
      variantIds: [a, b, c],
    } = await createProduct(db, [{ stock: 5 }, { stock: 10 }, { stock: 10 }]);
    await addToCart(db, { userId }, { variantId: a, quantity: 3 });
    await addToCart(db, { userId }, { variantId: c, quantity: 1 });
    await addToCart(db, visitor, { variantId: a, quantity: 4 });
    await addToCart(db, visitor, { variantId: b, quantity: 2 });

    await mergeGuestCart(db, { guestToken: visitor.guestToken, userId });

    const lines = (await getCart(db, { userId })).lines.map((line) => [line.variantId, line.quantity]);
    expect(lines).toEqual(
      expect.arrayContaining([
        [a, 5],
        [b, 2],
        [c, 1],
      ]),
    ); // 3 + 4 limited to the stock of 5
    expect(lines).toHaveLength(3);
    expect(
      await db
        .select()
        .from(carts)
        .where(eq(carts.guestTokenHash, hashGuestToken(visitor.guestToken))),
    ).toEqual([]);
    // Merging again, or with no guest cart, changes nothing.
    await mergeGuestCart(db, { guestToken: visitor.guestToken, userId });
    await mergeGuestCart(db, { guestToken: "garbage", userId });
    expect(await getCartCount(db, { userId })).toBe(8);
  });

  it("merges into a user who had no cart yet", async () => {
    const userId = await createUser(db);
    const visitor = guest();
    const {
      variantIds: [a],
    } = await createProduct(db, [{ stock: 10 }]);
    await addToCart(db, visitor, { variantId: a, quantity: 2 });
    await mergeGuestCart(db, { guestToken: visitor.guestToken, userId });
    expect(await getCartCount(db, { userId })).toBe(2);
    expect(await getCartCount(db, visitor)).toBe(0);
  });

  it("never loses one of several concurrent additions", async () => {
    const owner = guest();
    const {
      variantIds: [a],
    } = await createProduct(db, [{ stock: 50 }]);
    await Promise.all(Array.from({ length: 5 }, () => addToCart(db, owner, { variantId: a, quantity: 2 })));
    expect(await getCartCount(db, owner)).toBe(10);
    const cartRows = await db
      .select()
      .from(carts)
      .where(eq(carts.guestTokenHash, hashGuestToken(owner.guestToken)));
    expect(cartRows).toHaveLength(1);
    expect(await db.select().from(cartLines).where(eq(cartLines.cartId, cartRows[0].id))).toHaveLength(1);
  });
});
