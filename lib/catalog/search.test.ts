import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { benchCatalog } from "@/scripts/bench/catalog";
import { products } from "@/lib/db/schema";
import { withTestDb } from "@/lib/testing/db";
import type { Database } from "@/lib/db";
import { listProducts } from "./queries";
import { searchPageSize, searchProducts } from "./search";
import { parseSearchParams } from "./search-params";
import { insertProducts } from "./seed";
import { seedProducts } from "./seed-data";

let db: Database;
withTestDb((opened) => (db = opened));

const search = (params: Record<string, string>) => searchProducts(db, parseSearchParams(params));
const slugs = (result: { products: { slug: string }[] }) => result.products.map((product) => product.slug);

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

    const [newest] = await db
      .insert(products)
      .values({
        slug: "newest-test-tee",
        name: "Newest Test Tee",
        description: "Added last.",
        category: "tshirts",
        price: 999,
        images: ["/x.svg"],
      })
      .returning();
    try {
      expect(slugs(await search({ category: "tshirts", sort: "newest" }))[0]).toBe("newest-test-tee");
    } finally {
      await db.delete(products).where(eq(products.id, newest.id));
    }
  });

  it("paginates and clamps a page past the end to the last page", async () => {
    const first = await search({});
    expect(first.products).toHaveLength(searchPageSize);
    expect(first.pageCount).toBe(Math.ceil(first.total / searchPageSize));
    const second = await search({ page: "2" });
    expect(slugs(second).some((slug) => slugs(first).includes(slug))).toBe(false);
    expect(second.total).toBe(first.total);
    const past = await search({ page: "99999999999999999999" });
    expect(past.page).toBe(first.pageCount);
    expect(past.total).toBe(first.total);
    expect(past.products.length).toBeGreaterThan(0);
  });

  it("answers a page past the end of no match at all with page 1 of nothing", async () => {
    expect(await search({ q: "zzqxv", page: "5" })).toMatchObject({ products: [], total: 0, page: 1, pageCount: 1 });
  });

  it("treats SQL, LIKE wildcards and markup as plain text", async () => {
    const all = (await listProducts(db)).length;
    for (const q of ["' OR 1=1 --", "'; drop table products; --", "<script>alert(1)</script>", "_", "\\"]) {
      expect((await search({ q })).total).toBeLessThan(2);
    }
    const percent = await search({ q: "%" });
    expect(slugs(percent)).toEqual(["heavy-duty-trash-bags-90l"]); // "100% recycled"
    expect((await listProducts(db)).length).toBe(all);
  });

  it("answers a 3,000-character query with NUL bytes without error", async () => {
    const result = await search({ q: `hoodie\u0000${"x".repeat(3000)}` });
    expect(result.page).toBe(1);
  });
});

describe(`search words and spelling (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("corrects a misspelt word to the catalog's nearest word, and says so", async () => {
    const result = await search({ q: "hodie" });
    expect(result.correctedQuery).toBe("hoodie");
    expect(result.total).toBe((await search({ q: "hoodie" })).total);
    expect((await search({ q: "hoodie" })).correctedQuery).toBeNull();
  });

  it("corrects each word of a longer query", async () => {
    const result = await search({ q: "trahs bagz" });
    expect(result.correctedQuery).toMatch(/^trash bags?$/);
    expect(result.products.length).toBeGreaterThan(0);
    expect(result.products.every((product) => product.category === "trashbags")).toBe(true);
  });

  it("needs every word, in any order", async () => {
    const inOrder = await search({ q: "organic cotton" });
    expect(inOrder.total).toBeGreaterThan(0);
    expect(slugs(await search({ q: "cotton organic" }))).toEqual(slugs(inOrder));
    expect((await search({ q: "organic zzqxv" })).total).toBe(0);
  });

  it("leaves a word unlike any catalog word as typed", async () => {
    const result = await search({ q: "zzqxv" });
    expect(result).toMatchObject({ total: 0, correctedQuery: null, page: 1, pageCount: 1 });
  });

  it("learns the words of products added later", async () => {
    const [template] = seedProducts;
    await insertProducts(db, [{ ...template, slug: "zanzibar-test-hoodie", name: "Zanzibar Test Hoodie" }]);
    expect(slugs(await search({ q: "zanzibr" }))).toEqual(["zanzibar-test-hoodie"]);
  });
});

describe("search on a large catalog", () => {
  beforeAll(async () => {
    await insertProducts(db, benchCatalog(3000).slice(seedProducts.length));
  });

  it("looks rare words up through the trigram index right after a bulk insert", async () => {
    const plan = await db.execute(sql`explain select count(*) from products where search_text like '%flamingo%'`);
    const text = JSON.stringify(plan);
    expect(text).toContain("products_search_text_trgm_idx");
  });

  it("ranks products with every word in their name first", async () => {
    const result = await search({ q: "nairobi" });
    expect(result.total).toBeGreaterThan(searchPageSize);
    const [first] = result.products;
    expect(first.name.toLowerCase()).toContain("nairobi");
  });
});
