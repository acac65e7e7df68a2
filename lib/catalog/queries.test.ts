import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb } from "@/lib/db/test-db";
import { products, variants } from "@/lib/db/schema";
import { findProduct, listProducts, relatedProducts } from "./queries";
import { searchPageSize, searchProducts } from "./search";
import { parseSearchParams } from "./search-params";
import { seedProducts } from "./seed-data";

let connection: Awaited<ReturnType<typeof openTestDb>>;
beforeAll(async () => {
  connection = await openTestDb();
});
afterAll(() => connection.close());

const search = (params: Record<string, string>) => searchProducts(connection.db, parseSearchParams(params));
const slugs = (result: { products: { slug: string }[] }) => result.products.map((product) => product.slug);

describe(`catalog queries (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("seeds at least 24 products in every category", async () => {
    const all = await listProducts(connection.db);
    expect(all.length).toBeGreaterThanOrEqual(24);
    for (const category of ["hoodies", "tshirts", "trashbags"] as const) {
      const inCategory = await listProducts(connection.db, category);
      expect(inCategory.length).toBeGreaterThanOrEqual(6);
      expect(inCategory.every((product) => product.category === category)).toBe(true);
    }
  });

  it("finds a product with its variants and summed stock", async () => {
    const product = await findProduct(connection.db, "maasai-mara-sunrise-tee");
    expect(product?.name).toBe("Maasai Mara Sunrise T-shirt");
    expect(product?.variants.find((variant) => variant.size === "L" && variant.colour === "White")?.stock).toBe(3);
    expect(product?.stock).toBe(product?.variants.reduce((sum, variant) => sum + variant.stock, 0));
    expect(product?.images[0]).toBe("/images/products/maasai-mara-sunrise-tee.svg");
  });

  it("answers null for an unknown slug", async () => {
    expect(await findProduct(connection.db, "no-such-product")).toBeNull();
  });

  it("shows a sold-out product with zero stock", async () => {
    const product = await findProduct(connection.db, "kanga-print-hoodie");
    expect(product?.stock).toBe(0);
  });

  it("relates products of the same category, never the product itself", async () => {
    const product = (await findProduct(connection.db, "glow-in-the-dark-hoodie"))!;
    const related = await relatedProducts(connection.db, product);
    expect(related.length).toBe(4);
    expect(related.every((item) => item.category === "hoodies" && item.id !== product.id)).toBe(true);
  });
});

describe(`search (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("matches case-insensitively over names and ranks name matches first", async () => {
    const result = await search({ q: "HOODIE" });
    const hoodies = seedProducts.filter((product) => product.category === "hoodies").map((product) => product.slug);
    expect(slugs(result).slice(0, hoodies.length).sort()).toEqual([...hoodies].sort());
  });

  it("tolerates small typos", async () => {
    const result = await search({ q: "hodie" });
    expect(result.products[0].category).toBe("hoodies");
    expect(slugs(result)).toContain("glow-in-the-dark-hoodie");
  });

  it("finds partial words in names and descriptions", async () => {
    expect(slugs(await search({ q: "skyl" }))).toContain("nairobi-skyline-hoodie");
    expect(slugs(await search({ q: "compost" }))).toContain("compostable-kitchen-bags-10l");
    expect(slugs(await search({ q: "wildebeest" }))).toEqual(["maasai-mara-sunrise-tee"]);
  });

  it("narrows to a category", async () => {
    const result = await search({ q: "organic", category: "tshirts" });
    expect(result.total).toBeGreaterThan(0);
    expect(result.products.every((product) => product.category === "tshirts")).toBe(true);
  });

  it("lists the whole category for an empty query", async () => {
    const result = await search({ category: "trashbags" });
    expect(result.total).toBe(seedProducts.filter((product) => product.category === "trashbags").length);
  });

  it("sorts by price both ways and by newest", async () => {
    const prices = (result: { products: { price: number }[] }) => result.products.map((product) => product.price);
    const ascending = prices(await search({ category: "tshirts", sort: "price-asc" }));
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    const descending = prices(await search({ category: "tshirts", sort: "price-desc" }));
    expect(descending).toEqual([...descending].sort((a, b) => b - a));

    const [newest] = await connection.db.insert(products).values({
      slug: "newest-test-tee", name: "Newest Test Tee", description: "Added last.", category: "tshirts", price: 999, images: ["/x.svg"],
    }).returning();
    try {
      expect(slugs(await search({ category: "tshirts", sort: "newest" }))[0]).toBe("newest-test-tee");
    } finally {
      await connection.db.delete(products).where(eq(products.id, newest.id));
    }
  });

  it("paginates and clamps a page past the end to the last page", async () => {
    const first = await search({});
    expect(first.products).toHaveLength(searchPageSize);
    expect(first.pageCount).toBe(Math.ceil(first.total / searchPageSize));
    const second = await search({ page: "2" });
    expect(slugs(second).some((slug) => slugs(first).includes(slug))).toBe(false);
    const past = await search({ page: "99999999999999999999" });
    expect(past.page).toBe(first.pageCount);
    expect(past.products.length).toBeGreaterThan(0);
  });

  it("treats SQL, LIKE wildcards and markup as plain text", async () => {
    const all = (await listProducts(connection.db)).length;
    for (const q of ["' OR 1=1 --", "'; drop table products; --", "<script>alert(1)</script>", "_", "\\"]) {
      expect((await search({ q })).total).toBeLessThan(2);
    }
    const percent = await search({ q: "%" });
    expect(slugs(percent)).toEqual(["heavy-duty-trash-bags-90l"]); // "100% recycled"
    expect((await listProducts(connection.db)).length).toBe(all);
  });

  it("answers a 3,000-character query with NUL bytes without error", async () => {
    const result = await search({ q: `hoodie\u0000${"x".repeat(3000)}` });
    expect(result.page).toBe(1);
  });

  it("reflects stock changes in cards", async () => {
    const [variant] = await connection.db.select().from(variants).limit(1);
    await connection.db.update(variants).set({ stock: variant.stock + 5 }).where(eq(variants.id, variant.id));
    const [card] = (await listProducts(connection.db)).filter((product) => product.id === variant.productId);
    const product = await findProduct(connection.db, card.slug);
    expect(card.stock).toBe(product!.stock);
    await connection.db.update(variants).set({ stock: variant.stock }).where(eq(variants.id, variant.id));
  });
});
