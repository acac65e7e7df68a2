import { eq, like } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { addToCart } from "@/lib/cart/lines";
import type { Database } from "@/lib/db";
import type { ShopperContact } from "@/lib/db/values";
import { backInStockRequests, outbox, products, smsMessages, variants } from "@/lib/db/schema";
import { newIdempotencyKey } from "@/lib/orders/order-number";
import { placeOrder } from "@/lib/orders/place-order";
import { updateOrderStatus } from "@/lib/orders/status-changes";
import { smsLength } from "@/lib/sms/gsm";
import { withTestDb } from "@/lib/testing/db";
import { createProduct, guest, testDelivery } from "@/lib/testing/fixtures";
import { adjustStock } from "./adjust";
import { backInStockLimits, requestBackInStock } from "./back-in-stock";
import { backInStockCopy } from "./back-in-stock-copy";
import { findProductStock } from "./variants";

// Texts are only queued here (nothing polls the outbox), so the gateway's address is never called.
vi.stubEnv("AT_API_URL", "http://127.0.0.1:9/never-called");
vi.stubEnv("AT_USERNAME", "sandbox");
vi.stubEnv("AT_API_KEY", "unused");
vi.stubEnv("BACK_IN_STOCK_PER_ADDRESS_PER_DAY", "3");

let db: Database;
withTestDb((opened) => (db = opened));

const staff: Actor = { id: null, label: "wanjiru@kijanithreads.co.ke" };
let variantId: number;
let productId: number;

beforeEach(async () => {
  const created = await createProduct(db, [{ stock: 0 }, { stock: 4 }]);
  variantId = created.variantIds[0];
  productId = created.product.id;
});

const email = (name: string) => ({ contact: `${name}-${variantId}@example.com`, channel: "email" as const });
const ask = (contact: ShopperContact = email("wanjiku"), clientAddress: string | null = null) =>
  requestBackInStock(db, { variantId, contact, clientAddress });
const restock = (change: number) => adjustStock(db, { variantId, change: String(change), reason: "restock", actor: staff });
describe("asking for a sold-out variant", () => {
  it("records one waiting request per contact, counted for staff", async () => {
    expect(await ask()).toEqual({ ok: true });
    expect(await ask()).toEqual({ ok: true });
    expect(await ask(email("otieno"))).toEqual({ ok: true });
    expect(await waitingFor(variantId)).toBe(2);
  });

  it("refuses a variant in stock, an archived product's and an unknown one, and stores nothing", async () => {
    const inStock = await requestBackInStock(db, { variantId: variantId + 1, contact: email("a"), clientAddress: null });
    expect(inStock).toEqual({ ok: false, reason: "not_sold_out", error: backInStockCopy.notSoldOut });
    await db.update(products).set({ status: "archived" }).where(eq(products.id, productId));
    expect(await ask()).toMatchObject({ ok: false, reason: "unknown_variant" });
    expect(await requestBackInStock(db, { variantId: 2_000_000_000, contact: email("a"), clientAddress: null })).toMatchObject({
      ok: false,
      reason: "unknown_variant",
    });
    expect(await waitingFor(variantId)).toBe(0);
  });

  it("throttles one contact, and one client address, past their daily limit", async () => {
    const contact = email("busy");
    for (let i = 0; i < backInStockLimits().perContactPerDay; i++) expect((await ask(contact)).ok).toBe(true);
    expect(await ask(contact)).toEqual({ ok: false, reason: "throttled", error: backInStockCopy.throttled });

    const address = `198.51.100.${variantId % 250}`;
    // The address's limit is a setting of its own (3 here).
    for (let i = 0; i < 3; i++) expect((await ask(email(`p${i}`), address)).ok).toBe(true);
    expect(await ask(email("one-more"), address)).toMatchObject({ ok: false, reason: "throttled" });
  });
});

describe("when the stock comes back", () => {
  it("sends each waiting request once, oldest first, linking to the variant, and the request is done", async () => {
    await ask(email("first"));
    await ask(email("second"));
    expect(await sentTo()).toEqual([]);
    await restock(3);
    expect(await sentTo()).toEqual([email("first").contact, email("second").contact]);
    const [mail] = await messages();
    expect((mail.payload as { text: string }).text).toContain(`?variant=${variantId}`);
    expect(await waitingFor(variantId)).toBe(0);

    // More stock, or stock that runs out and comes back, sends nothing again.
    await restock(2);
    await restock(-5);
    await restock(1);
    expect(await sentTo()).toHaveLength(2);
  });

  it("texts a phone with the product and the variant's link", async () => {
    await ask({ contact: "+254711000111", channel: "sms" });
    await restock(1);
    const [text] = await db.select().from(smsMessages).where(eq(smsMessages.phone, "+254711000111"));
    expect(text.body).toMatch(new RegExp(`is back in stock\\. Order it here: http\\S+\\?variant=${variantId}$`));
    expect(text.body).toContain("(S, Black) is back in stock");
    expect(smsLength(text.body).encoding).toBe("GSM-7");
    // Counted in its own share of the shop's daily budget, behind every order's text.
    expect(text.purpose).toBe("back_in_stock");
  });

  it("sends after a cancelled order gives back the last units", async () => {
    const buyer = guest();
    await restock(1);
    await addToCart(db, buyer, { variantId, quantity: 1 });
    const placed = await placeOrder(db, { cartOwner: buyer, delivery: testDelivery, idempotencyKey: newIdempotencyKey() });
    if (!placed.ok) throw new Error(placed.reason);
    await ask(email("after-cancel"));
    const cancelled = await updateOrderStatus(db, {
      number: placed.order.number,
      status: "cancelled",
      note: "Asked to",
      actor: staff,
    });
    expect(cancelled.ok).toBe(true);
    expect(await sentTo()).toEqual([email("after-cancel").contact]);
  });

  it("sends once per request under concurrent restocks", async () => {
    const waiting = ["a", "b", "c", "d"].map(email);
    for (const contact of waiting) await ask(contact);
    await Promise.all([restock(1), restock(2), restock(3), restock(4)]);
    expect(await sentTo()).toEqual(waiting.map((contact) => contact.contact));
  });

  it("drops the requests of an archived product, or a deleted variant, quietly", async () => {
    await ask(email("archived"));
    await db.update(products).set({ status: "archived" }).where(eq(products.id, productId));
    await restock(2);
    expect(await sentTo()).toEqual([]);
    expect(await waitingFor(variantId)).toBe(0);

    const other = await createProduct(db, [{ stock: 0 }]);
    await requestBackInStock(db, { variantId: other.variantIds[0], contact: email("deleted"), clientAddress: null });
    await db.delete(variants).where(eq(variants.id, other.variantIds[0]));
    expect(await db.select().from(backInStockRequests).where(eq(backInStockRequests.variantId, other.variantIds[0]))).toEqual([]);
  });
});

/** This variant's alerts in the outbox, in queuing order. */
async function messages() {
  const requests = await db
    .select({ id: backInStockRequests.id })
    .from(backInStockRequests)
    .where(eq(backInStockRequests.variantId, variantId));
  const keys = new Set(requests.map((request) => `back-in-stock:${request.id}`));
  const queued = await db.select().from(outbox).where(like(outbox.key, "back-in-stock:%")).orderBy(outbox.id);
  return queued.filter((message) => keys.has(message.key));
}

/** Who this variant's alerts went to, in queuing order. */
async function sentTo() {
  return (await messages()).map((message) => (message.payload as { to: string }).to);
}

/** The people waiting for a variant, as staff see it beside its stock. */
async function waitingFor(id: number) {
  const stock = await findProductStock(db, productId);
  return stock!.variants.find((variant) => variant.id === id)!.waiting;
}
