import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addToCart } from "@/lib/cart/lines";
import type { CartOwner } from "@/lib/cart/owner";
import { getCart } from "@/lib/cart/lines";
import type { Database } from "@/lib/db";
import { discountCodeHistory, discountCodes, discountRedemptions, orderLines, orders } from "@/lib/db/schema";
import { newIdempotencyKey } from "@/lib/orders/order-number";
import { placeOrder, type PlaceOrderInput } from "@/lib/orders/place-order";
import { orderLimits } from "@/lib/checkout/limits";
import { updateOrderStatus } from "@/lib/orders/status-changes";
import { withTestDb } from "@/lib/testing/db";
import { createProduct, createUser, guest, testDelivery } from "@/lib/testing/fixtures";
import { applyCartCode, cartCodeMessages, cartDiscount, codeGuessLimits } from "./cart-code";
import { testCategories } from "@/lib/testing/fixtures";
import { discountCodeSchema } from "./code-input";
import { createDiscountCode, setDiscountCodeEnabled } from "./manage";
import { discountRefusals } from "./rules";

let db: Database;
withTestDb((opened) => (db = opened));

const staff = { id: null, label: "marketing@example.com" };
let codes = 0;

/** A live code (10 % off everything unless `fields` say otherwise), created through the admin form's schema. */
async function newCode(fields: Record<string, unknown> = {}) {
  const code = `TEST${++codes}-${Date.now().toString(36)}`.toUpperCase();
  const parsed = discountCodeSchema(testCategories).parse({
    code: code.toLowerCase(),
    kind: "percent",
    value: "10",
    scope: "all",
    startsAt: "2020-01-01T00:00",
    endsAt: "2099-01-01T00:00",
    ...fields,
  });
  const created = await createDiscountCode(db, parsed, staff);
  if (!created.ok) throw new Error(created.error);
  return { code, id: created.id };
}

/** A cart of `lines` with `code` applied, as the 'Apply' button leaves it. */
async function cartWithCode(owner: CartOwner, lines: [variantId: number, quantity: number][], code: string) {
  for (const [variantId, quantity] of lines) expect((await addToCart(db, owner, { variantId, quantity })).ok).toBe(true);
  const applied = await applyCartCode(db, owner, await getCart(db, owner), code.toLowerCase());
  if (!applied.ok) throw new Error(applied.error);
  return owner;
}

const order = (owner: CartOwner, phone = testDelivery.phone, payment?: PlaceOrderInput["payment"]) =>
  placeOrder(db, { cartOwner: owner, delivery: { ...testDelivery, phone }, idempotencyKey: newIdempotencyKey(), payment });

const redemptionsOf = (id: number) => db.select().from(discountRedemptions).where(eq(discountRedemptions.codeId, id));

async function usesOf(id: number) {
  const [row] = await db.select({ uses: discountCodes.uses }).from(discountCodes).where(eq(discountCodes.id, id));
  return row.uses;
}

describe(`discount codes at checkout (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("takes the discount off the order, shares it over the lines and counts the use", async () => {
    const { code, id } = await newCode();
    const {
      variantIds: [a, b],
    } = await createProduct(db, [
      { price: 2500, stock: 5 },
      { price: 1195, stock: 5 },
    ]);
    const owner = await cartWithCode(
      guest(),
      [
        [a, 2],
        [b, 1],
      ],
      code,
    );
    expect(await cartDiscount(db, owner, await getCart(db, owner))).toMatchObject({ ok: true, amount: 620 });

    const result = await order(owner);
    if (!result.ok) throw new Error(JSON.stringify(result));
    const [row] = await db.select().from(orders).where(eq(orders.id, result.order.id));
    expect(row).toMatchObject({ subtotal: 6195, discount: 620, discountCode: code, discountCodeId: id });
    expect(row.total).toBe(6195 - 620 + row.deliveryFee);
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, row.id)).orderBy(orderLines.id);
    expect(lines.map((line) => line.discount)).toEqual([500, 120]);
    // Held, not counted, until the order is paid or confirmed.
    expect(await usesOf(id)).toBe(0);
    await updateOrderStatus(db, { number: row.number, status: "confirmed", actor: staff });
    expect(await usesOf(id)).toBe(1);
  });

  it("never redeems a code with 10 uses more than 10 times, whatever the concurrency (50 parallel checkouts)", async () => {
    const { code, id } = await newCode({ maxUses: "10" });
    const {
      variantIds: [a],
    } = await createProduct(db, [{ price: 1000, stock: 100 }]);
    const owners = [];
    for (let i = 0; i < 50; i++) owners.push(await cartWithCode(guest(), [[a, 1]], code));

    const results = await Promise.all(owners.map((owner, i) => order(owner, `07${10_000_000 + i}`)));

    const placed = results.filter((result) => result.ok);
    const refused = results.filter((result) => !result.ok);
    expect(placed).toHaveLength(10);
    expect(refused.map((result) => !result.ok && "error" in result && result.error)).toEqual(
      Array(40).fill(discountRefusals.usedUp),
    );
    expect(await redemptionsOf(id)).toHaveLength(10);
  });

  it("lets a once-per-shopper code be used once per verified account, never by a guest, whatever phone pays", async () => {
    const { code } = await newCode({ oncePerShopper: "on" });
    const {
      variantIds: [a],
    } = await createProduct(db, [{ stock: 10 }]);
    const byMpesa = (payer: string) => ({ method: "mpesa" as const, phone: payer });
    // A guest's phones prove nothing (a Paybill payment may come from any phone): refused when applied, and when ordering.
    const visitor = guest();
    await addToCart(db, visitor, { variantId: a, quantity: 1 });
    expect(await applyCartCode(db, visitor, await getCart(db, visitor), code)).toEqual({
      ok: false,
      error: discountRefusals.needsAccount,
    });
    const unverified = await createUser(db);
    await addToCart(db, { userId: unverified }, { variantId: a, quantity: 1 });
    expect(await applyCartCode(db, { userId: unverified }, await getCart(db, { userId: unverified }), code)).toEqual({
      ok: false,
      error: discountRefusals.needsAccount,
    });

    const userId = await createUser(db, { emailVerified: true });
    expect((await order(await cartWithCode({ userId }, [[a, 1]], code), "0733000111", byMpesa("254733000111"))).ok).toBe(true);
    await addToCart(db, { userId }, { variantId: a, quantity: 1 });
    expect(await applyCartCode(db, { userId }, await getCart(db, { userId }), code)).toEqual({
      ok: false,
      error: discountRefusals.alreadyUsed,
    });
  });

  it("gives a cancelled order's use back, so the last use can be taken again", async () => {
    const { code, id } = await newCode({ maxUses: "1", oncePerShopper: "on" });
    const {
      variantIds: [a],
    } = await createProduct(db, [{ stock: 5 }]);
    const userId = await createUser(db, { emailVerified: true });
    const first = await order(await cartWithCode({ userId }, [[a, 1]], code), "0744000111");
    if (!first.ok) throw new Error(JSON.stringify(first));
    await updateOrderStatus(db, { number: first.order.number, status: "confirmed", actor: staff });
    expect(await usesOf(id)).toBe(1);

    const cancelled = await updateOrderStatus(db, {
      number: first.order.number,
      status: "cancelled",
      note: "Changed my mind",
      actor: staff,
    });
    expect(cancelled.ok).toBe(true);
    expect(await usesOf(id)).toBe(0);
    expect((await order(await cartWithCode({ userId }, [[a, 1]], code), "0744000111")).ok).toBe(true);
  });

  it("holds a limited code's use for a short time only, and counts it once the order is paid or confirmed", async () => {
    const { code, id } = await newCode({ maxUses: "1" });
    const {
      variantIds: [a],
    } = await createProduct(db, [{ stock: 5 }]);
    const squatter = await order(await cartWithCode(guest(), [[a, 1]], code), "0755000111");
    if (!squatter.ok) throw new Error(JSON.stringify(squatter));
    // Held: nobody else gets the last use while the hold lasts.
    const late = guest();
    await addToCart(db, late, { variantId: a, quantity: 1 });
    expect(await applyCartCode(db, late, await getCart(db, late), code)).toEqual({ ok: false, error: discountRefusals.usedUp });
    // The hold lapses with the order neither paid nor confirmed: the use is free again.
    await db
      .update(discountRedemptions)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(discountRedemptions.orderId, squatter.order.id));
    const buyer = await order(await cartWithCode(guest(), [[a, 1]], code), "0755000333");
    if (!buyer.ok) throw new Error(JSON.stringify(buyer));
    expect(await usesOf(id)).toBe(0);
    await updateOrderStatus(db, { number: buyer.order.number, status: "confirmed", actor: staff });
    await updateOrderStatus(db, { number: buyer.order.number, status: "confirmed", actor: staff });
    expect(await usesOf(id)).toBe(1);
  });

  it("checks the code again when ordering: a code disabled since it was applied places nothing", async () => {
    const { code, id } = await newCode();
    const {
      variantIds: [a],
    } = await createProduct(db, [{ stock: 3 }]);
    const owner = await cartWithCode(guest(), [[a, 1]], code);
    expect(await setDiscountCodeEnabled(db, id, false, staff)).toBe(true);

    expect(await order(owner)).toMatchObject({ ok: false, reason: "discount_refused", error: discountRefusals.unknown });
    expect(await usesOf(id)).toBe(0);
    const history = await db.select().from(discountCodeHistory).where(eq(discountCodeHistory.codeId, id));
    expect(history.map((entry) => [entry.change, entry.actorLabel])).toEqual([
      ["Created", staff.label],
      ["Disabled", staff.label],
    ]);
  });

  it("holds no use for an order refused after the code was taken (a quote to confirm, a limit)", async () => {
    const { code, id } = await newCode({ maxUses: "1" });
    const {
      variantIds: [a],
    } = await createProduct(db, [{ price: 2000, stock: 5 }]);
    const owner = await cartWithCode(guest(), [[a, 1]], code);
    const delivery = { ...testDelivery, phone: "0744000222" };
    const placing = (extra: Partial<PlaceOrderInput>) =>
      placeOrder(db, { cartOwner: owner, delivery, idempotencyKey: newIdempotencyKey(), ...extra });

    expect(await placing({ expectedDeliveryQuote: "0:0:0" })).toMatchObject({ ok: false, reason: "delivery_quoted" });
    expect(await redemptionsOf(id)).toHaveLength(0);
    const limits = { ...orderLimits(), payOnDeliveryMaxTotal: 100 };
    expect(await placing({ limits })).toMatchObject({ ok: false, reason: "over_limit" });
    expect(await redemptionsOf(id)).toHaveLength(0);
    expect((await placing({})).ok).toBe(true);
    expect(await redemptionsOf(id)).toHaveLength(1);
  });

  it("refuses to apply a code that does not apply, saying why", async () => {
    const { code } = await newCode({ minSubtotal: "5000", scope: "categories", categories: ["hoodies"] });
    const { code: later } = await newCode({ startsAt: "2098-01-01T00:00" });
    const {
      variantIds: [a],
    } = await createProduct(db, [{ price: 1000, stock: 3 }]);
    const owner = guest();
    await addToCart(db, owner, { variantId: a, quantity: 1 });
    const cart = await getCart(db, owner);
    expect(await applyCartCode(db, owner, cart, "nope-nope")).toEqual({ ok: false, error: discountRefusals.unknown });
    expect(await applyCartCode(db, owner, cart, code)).toEqual({ ok: false, error: discountRefusals.belowMinimum });
    // One answer for a code not started yet and one that does not exist: guesses learn nothing.
    expect(await applyCartCode(db, owner, cart, later)).toEqual({ ok: false, error: discountRefusals.unknown });
    expect(await cartDiscount(db, owner, cart)).toBeNull();
  });
  it("throttles guesses per cart and per client address; a code that applies is no guess", async () => {
    const { code } = await newCode();
    const {
      variantIds: [a],
    } = await createProduct(db, [{ price: 1000, stock: 50 }]);
    const cartFor = async () => {
      const owner = guest();
      await addToCart(db, owner, { variantId: a, quantity: 1 });
      return { owner, cart: await getCart(db, owner) };
    };
    const { perCart, perAddress } = codeGuessLimits;
    const address = `203.0.113.${Math.floor(Math.random() * 250)}`;
    const tryCode = (typed: string, { owner, cart }: Awaited<ReturnType<typeof cartFor>>) =>
      applyCartCode(db, owner, cart, typed, address);
    // Each cart guesses up to its limit; the address's limit stops the next cart.
    for (let cartNumber = 0; cartNumber < perAddress / perCart; cartNumber++) {
      const shopper = await cartFor();
      expect(await tryCode(code, shopper)).toMatchObject({ ok: true });
      for (let guess = 0; guess < perCart; guess++)
        expect(await tryCode(`GUESS${guess}`, shopper)).toEqual({ ok: false, error: discountRefusals.unknown });
      expect(await tryCode(code, shopper)).toEqual({ ok: false, error: cartCodeMessages.tooMany(15) });
    }
    const fresh = await cartFor();
    expect(await tryCode(code, fresh)).toMatchObject({ ok: false, error: expect.stringMatching(/^Too many discount codes/) });
    expect(await applyCartCode(db, fresh.owner, fresh.cart, code, "198.51.100.77")).toMatchObject({ ok: true });
  });
});
