import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addToCart, getCart } from "@/lib/cart/lines";
import { cartMessages } from "@/lib/cart/rules";
import type { Database } from "@/lib/db";
import { productHistory, products, stockMovements, variants } from "@/lib/db/schema";
import { newIdempotencyKey } from "@/lib/orders/order-number";
import { placeOrder, placeOrderMessages } from "@/lib/orders/place-order";
import { withTestDb } from "@/lib/testing/db";
import { guest, stockOf, testDelivery } from "@/lib/testing/fixtures";
import { createProduct, updateProduct } from "./manage-products";
import { placeholderImage } from "./images";
import type { ProductInput, VariantInput } from "./product-input";
import { findProduct, findRenamedSlug, listProducts, listProductUpdates } from "./queries";
import { searchProducts } from "./search";
import { parseSearchParams } from "./search-params";
import { reseed } from "./seed";
import { listProductsForStaff, findProductForStaff, parseProductFilters } from "./staff-products";

let db: Database;
withTestDb((opened) => (db = opened));

const actor = { id: null, label: "staff@example.com" };
const newVariant = (size: string, price: number, openingStock = 5): VariantInput => ({
  id: null,
  size,
  colour: "Black",
  packSize: null,
  price,
  openingStock,
  remove: false,
});

let counter = 0;
function hoodie(overrides: Partial<ProductInput> = {}): ProductInput {
  counter++;
  return {
    name: `Zebrawood Hoodie ${counter}`,
    slug: null,
    category: "hoodies",
    status: "published",
    description: "A hoodie in the colours of zebrawood, for tests only.",
    variants: [newVariant("M", 3000), newVariant("L", 3200)],
    ...overrides,
  };
}

async function created(input: ProductInput) {
  const result = await createProduct(db, input, actor);
  if (!result.ok) throw new Error(JSON.stringify(result));
  return (await findProductForStaff(db, result.productId))!;
}

/** The edit form's input for a product as it is now, with `changes` applied. */
function asInput(product: Awaited<ReturnType<typeof created>>, changes: Partial<ProductInput> = {}): ProductInput {
  return {
    name: product.name,
    slug: product.slug,
    category: product.category,
    status: product.status,
    description: product.description,
    variants: product.variants.map((variant) => ({ ...variant, openingStock: 0, remove: false })),
    ...changes,
  };
}

describe(`managing products (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("creates a product with its slug, lowest price, opening stock in the stock history and a history entry", async () => {
    const product = await created(hoodie({ name: "Kilimanjaro Snow Hoodie" }));
    expect(product.slug).toBe("kilimanjaro-snow-hoodie");
    const shown = await findProduct(db, product.slug);
    expect(shown?.price).toBe(3000);
    // No photo yet and no drawing: the placeholder, on its page and its card alike.
    expect(shown?.images).toEqual([placeholderImage]);
    expect(shown?.image).toEqual(placeholderImage);
    const movements = await db.select().from(stockMovements).where(eq(stockMovements.variantId, product.variants[0].id));
    expect(movements).toMatchObject([{ reason: "restock", change: 5, level: 5, actorLabel: actor.label }]);
    expect(product.history.map((entry) => entry.change)).toEqual(["Created as Published"]);
  });

  it("numbers a made slug that is taken, and refuses a typed one that any product has had", async () => {
    const first = await created(hoodie({ name: "Twin Hoodie" }));
    const second = await created(hoodie({ name: "Twin Hoodie" }));
    expect([first.slug, second.slug]).toEqual(["twin-hoodie", "twin-hoodie-2"]);
    await updateProduct(db, first.id, asInput(first, { slug: "twin-hoodie-renamed" }), actor);
    // The old slug is still first's: nobody else may take it.
    const taken = await createProduct(db, hoodie({ slug: "twin-hoodie" }), actor);
    expect(taken).toMatchObject({ ok: false, errors: { slug: expect.stringContaining("Another product") } });
    const third = await created(hoodie({ name: "Twin Hoodie" }));
    expect(third.slug).toBe("twin-hoodie-3");
  });

  it("keeps an old slug leading to the new one, and lets a product go back to its own old slug", async () => {
    const product = await created(hoodie({ name: "Renamed Hoodie" }));
    await updateProduct(db, product.id, asInput(product, { slug: "renamed-hoodie-v2" }), actor);
    expect(await findProduct(db, "renamed-hoodie")).toBeNull();
    expect(await findRenamedSlug(db, "renamed-hoodie")).toBe("renamed-hoodie-v2");
    expect(await findRenamedSlug(db, "renamed-hoodie-v2")).toBeNull();
    const renamed = (await findProductForStaff(db, product.id))!;
    expect(renamed.history[0].change).toBe("Address: /products/renamed-hoodie → /products/renamed-hoodie-v2");
    expect((await updateProduct(db, product.id, asInput(renamed, { slug: "renamed-hoodie" }), actor)).ok).toBe(true);
    expect(await findRenamedSlug(db, "renamed-hoodie-v2")).toBe("renamed-hoodie");
  });

  it("hides drafts and archived products from the shop, search, the sitemap and old-slug redirects", async () => {
    const product = await created(hoodie({ name: "Quokkafuzz Hoodie", status: "draft" }));
    const visible = async () => ({
      page: (await findProduct(db, product.slug)) !== null,
      list: (await listProducts(db, "hoodies")).some((card) => card.id === product.id),
      search: (await searchProducts(db, parseSearchParams({ q: "quokkafuzz" }))).total > 0,
      sitemap: (await listProductUpdates(db)).some((entry) => entry.slug === product.slug),
    });
    const hidden = { page: false, list: false, search: false, sitemap: false };
    expect(await visible()).toEqual(hidden);
    await updateProduct(db, product.id, asInput(product, { status: "published" }), actor);
    expect(await visible()).toEqual({ page: true, list: true, search: true, sitemap: true });
    await updateProduct(db, product.id, asInput(product, { status: "archived", slug: "quokkafuzz-archived" }), actor);
    expect(await visible()).toEqual(hidden);
    expect(await findRenamedSlug(db, product.slug)).toBeNull();
  });

  it("makes a new word findable and correctable once published, without rebuilding for price changes", async () => {
    const product = await created(hoodie({ name: "Plain Hoodie", status: "published" }));
    await updateProduct(db, product.id, asInput(product, { name: "Marabou Stork Hoodie" }), actor);
    const typo = await searchProducts(db, parseSearchParams({ q: "marabuo" }));
    expect(typo.correctedQuery).toBe("marabou");
    expect(typo.products.map((card) => card.id)).toContain(product.id);
  });

  it("records price changes, charges carts the new price and says it changed", async () => {
    const product = await created(hoodie());
    const owner = guest();
    await addToCart(db, owner, { variantId: product.variants[0].id, quantity: 2 });
    const input = asInput(product);
    input.variants[0].price = 2500;
    await updateProduct(db, product.id, input, actor);
    const [line] = (await getCart(db, owner)).lines;
    expect(line).toMatchObject({ unitPrice: 2500, previousPrice: 3000, lineTotal: 5000 });
    expect((await findProductForStaff(db, product.id))!.history[0].change).toBe("Price of M · Black: KSh 3,000 → KSh 2,500");
    expect((await findProduct(db, product.slug))?.price).toBe(2500);
  });

  it("refuses an order whose subtotal changed since the checkout showed it, storing nothing", async () => {
    const product = await created(hoodie());
    const owner = guest();
    const variantId = product.variants[0].id;
    await addToCart(db, owner, { variantId, quantity: 1 });
    const input = asInput(product);
    input.variants[0].price = 2900;
    await updateProduct(db, product.id, input, actor);
    const order = { cartOwner: owner, delivery: testDelivery, idempotencyKey: newIdempotencyKey() };
    const refused = await placeOrder(db, { ...order, expectedSubtotal: "3000" });
    expect(refused).toEqual({ ok: false, reason: "price_changed", error: placeOrderMessages.priceChanged });
    expect(await stockOf(db, variantId)).toBe(5);
    expect((await getCart(db, owner)).lines).toHaveLength(1);
    expect(await placeOrder(db, { ...order, expectedSubtotal: "2900" })).toMatchObject({ ok: true, order: { subtotal: 2900 } });
  });

  it("deletes a variant nobody ordered, archives one on past orders, and takes both out of carts", async () => {
    const product = await created(hoodie({ variants: [newVariant("S", 3000), newVariant("M", 3000), newVariant("L", 3000)] }));
    const [small, medium] = product.variants;
    const buyer = guest();
    await addToCart(db, buyer, { variantId: medium.id, quantity: 1 });
    expect((await placeOrder(db, { cartOwner: buyer, delivery: testDelivery, idempotencyKey: newIdempotencyKey() })).ok).toBe(
      true,
    );
    const shopper = guest();
    await addToCart(db, shopper, { variantId: medium.id, quantity: 1 });
    const input = asInput(product);
    input.variants[0].remove = true;
    input.variants[1].remove = true;
    await updateProduct(db, product.id, input, actor);
    expect(await db.select().from(variants).where(eq(variants.id, small.id))).toHaveLength(0);
    const [archived] = await db.select().from(variants).where(eq(variants.id, medium.id));
    expect(archived.archivedAt).not.toBeNull();
    expect((await findProduct(db, product.slug))?.variants.map((variant) => variant.size)).toEqual(["L"]);
    expect((await getCart(db, shopper)).lines).toHaveLength(0);
    const history = (await findProductForStaff(db, product.id))!.history.map((entry) => entry.change);
    expect(history).toContain("Variant S · Black removed");
    expect(history).toContain("Variant M · Black archived (it is on past orders)");
  });

  it("never sells what left the shop: a draft's variant is refused in the cart, an archived line at checkout", async () => {
    const draft = await created(hoodie({ status: "draft" }));
    const shopper = guest();
    expect(await addToCart(db, shopper, { variantId: draft.variants[0].id, quantity: 1 })).toEqual({
      ok: false,
      error: cartMessages.unavailable,
    });
    const product = await created(hoodie());
    const variantId = product.variants[0].id;
    await addToCart(db, shopper, { variantId, quantity: 1 });
    // A line added in the moment its variant was archived (the archive empties carts, this one came after).
    await db.update(variants).set({ archivedAt: new Date() }).where(eq(variants.id, variantId));
    const refused = await placeOrder(db, { cartOwner: shopper, delivery: testDelivery, idempotencyKey: newIdempotencyKey() });
    expect(refused).toMatchObject({ ok: false, reason: "out_of_stock", shortLines: [{ variantId, available: 0 }] });
    expect(await stockOf(db, variantId)).toBe(5);
  });

  it("refuses to keep no variant, or to edit a variant of another product", async () => {
    const product = await created(hoodie());
    const other = await created(hoodie());
    const input = asInput(product);
    input.variants[0].id = other.variants[0].id;
    expect(await updateProduct(db, product.id, input, actor)).toMatchObject({
      ok: false,
      error: expect.stringContaining("reload"),
    });
    expect(await updateProduct(db, 999_999, asInput(product), actor)).toEqual({
      ok: false,
      reason: "not_found",
      error: "This product does not exist.",
    });
  });

  it("records nothing when nothing changed", async () => {
    const product = await created(hoodie());
    await updateProduct(db, product.id, asInput(product), actor);
    expect(await db.select().from(productHistory).where(eq(productHistory.productId, product.id))).toHaveLength(1);
  });

  it("lists products for staff by name, category and status, 25 a page", async () => {
    for (let index = 0; index < 26; index++) await created(hoodie({ name: `Pagination Hoodie ${index}`, status: "draft" }));
    const filters = parseProductFilters({ q: "pagination", status: "draft", category: "hoodies" });
    const first = await listProductsForStaff(db, filters);
    expect(first).toMatchObject({ total: 26, pageCount: 2, page: 1 });
    expect(first.rows).toHaveLength(25);
    const second = await listProductsForStaff(db, { ...filters, page: 9 });
    expect(second.page).toBe(2);
    expect(second.rows).toHaveLength(1);
    expect((await listProductsForStaff(db, { ...filters, status: "published" })).total).toBe(0);
    expect(parseProductFilters({ status: "bogus", category: ["tshirts", "x"], page: "-3" })).toEqual({
      q: "",
      category: "tshirts",
      status: "all",
      page: 1,
    });
  });
});

describe(`replacing the catalog (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("refuses while orders exist, unless told to delete them", async () => {
    const product = await created(hoodie());
    const buyer = guest();
    await addToCart(db, buyer, { variantId: product.variants[0].id, quantity: 1 });
    await placeOrder(db, { cartOwner: buyer, delivery: testDelivery, idempotencyKey: newIdempotencyKey() });
    const refused = await reseed(db);
    expect(refused).toMatchObject({ ok: false });
    expect(await db.select().from(products).where(eq(products.id, product.id))).toHaveLength(1);
    const replaced = await reseed(db, { deleteOrders: true });
    expect(replaced).toMatchObject({ ok: true });
    expect(await db.select().from(products).where(eq(products.id, product.id))).toHaveLength(0);
    expect(await findProduct(db, "maasai-mara-sunrise-tee")).not.toBeNull();
  });
});
