import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { benchCatalog } from "@/scripts/bench/catalog";
import { openTestDb } from "@/lib/db/test-db";
import { searchPageSize, searchProducts } from "./search";
import { parseSearchParams } from "./search-params";
import { insertProducts } from "./seed";
import { seedProducts } from "./seed-data";

let connection: Awaited<ReturnType<typeof openTestDb>>;
beforeAll(async () => {
  connection = await openTestDb();
});
afterAll(() => connection.close());

const search = (params: Record<string, string>) => searchProducts(connection.db, parseSearchParams(params));
const slugs = (result: { products: { slug: string }[] }) => result.products.map((product) => product.slug);

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
    await insertProducts(connection.db, [{ ...template, slug: "zanzibar-test-hoodie", name: "Zanzibar Test Hoodie" }]);
    expect(slugs(await search({ q: "zanzibr" }))).toEqual(["zanzibar-test-hoodie"]);
  });
});

describe("search on a large catalog", () => {
  beforeAll(async () => {
    await insertProducts(connection.db, benchCatalog(3000).slice(seedProducts.length));
  });

  it("looks rare words up through the trigram index right after a bulk insert", async () => {
    const plan = await connection.db.execute(sql`explain select count(*) from products where search_text like '%flamingo%'`);
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
