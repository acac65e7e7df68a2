import { describe, expect, it } from "vitest";
import type { Database } from "@/lib/db";
import { withTestDb } from "@/lib/testing/db";
import type { CategorySlug } from "./categories";
import { listCatalogPage, listingPageSize } from "./listing";
import { searchProducts } from "./search";
import { parseSearchUrl } from "./search-params";
import { seedProducts, type SeedProduct } from "./seed-data";
import { testCategories } from "@/lib/testing/fixtures";

let db: Database;
withTestDb((opened) => (db = opened));

const list = (category: CategorySlug | undefined, search: string) =>
  listCatalogPage(db, category, parseSearchUrl(new URLSearchParams(search)));
const slugs = (page: { products: { slug: string }[] }) => page.products.map((product) => product.slug);

/** The rule, written plainly over the seed: one variant has every filtered property. */
function expected(category: CategorySlug | undefined, search: string): string[] {
  const query = parseSearchUrl(new URLSearchParams(search));
  const matches = (product: SeedProduct) =>
    product.variants.some(
      (variant) =>
        (!query.sizes.length || query.sizes.includes(variant.size ?? "")) &&
        (!query.colours.length || query.colours.includes(variant.colour?.toLowerCase() ?? "")) &&
        (query.minPrice === null || variant.price >= query.minPrice) &&
        (query.maxPrice === null || variant.price <= query.maxPrice) &&
        (!query.inStock || variant.stock > 0),
    );
  return seedProducts
    .filter((product) => (!category || product.category === category) && matches(product))
    .map((product) => product.slug);
}

describe(`listing filters (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("lists a whole category on one page, in catalog order, with its sizes and colours", async () => {
    const page = await list("hoodies", "");
    expect(slugs(page)).toEqual(expected("hoodies", ""));
    expect(page.total).toBe(expected("hoodies", "").length);
    // In the category's order: its kids' sizes (the kids' hoodie's), then its adults'.
    const hoodies = testCategories.find((category) => category.slug === "hoodies")!;
    expect(page.sizes.map((size) => size.value)).toEqual([...hoodies.kidsSizes, "S", "M", "L", "XL"]);
    expect(page.colours).toContainEqual({ value: "heather grey", label: "Heather Grey" });
  });

  it("pages every product by 24, the last page holding the rest, and a page past the end showing the last", async () => {
    const first = await list(undefined, "");
    expect(first.products).toHaveLength(Math.min(listingPageSize, seedProducts.length));
    expect(first.total).toBe(seedProducts.length);
    expect(first.pageCount).toBe(Math.ceil(seedProducts.length / listingPageSize));
    const last = await list(undefined, `page=${first.pageCount}`);
    expect([...slugs(first), ...slugs(last)].slice(0, seedProducts.length)).toEqual(
      first.pageCount === 2 ? seedProducts.map((product) => product.slug) : expect.any(Array),
    );
    const beyond = await list(undefined, "page=999");
    expect(beyond.page).toBe(first.pageCount);
    expect(slugs(beyond)).toEqual(slugs(last));
  });

  it.each([
    ["one size", "hoodies", "size=XL"],
    ["two sizes (either)", "hoodies", "size=S&size=XL"],
    ["two colours (either)", "hoodies", "colour=black&colour=navy"],
    ["size and colour (both, on one variant)", "hoodies", "size=XL&colour=navy"],
    ["a price range, per variant", undefined, "min=3000&max=3500"],
    ["a minimum price only", "tshirts", "min=2000"],
    ["in stock only", "hoodies", "stock=in"],
    ["size, colour, price and stock together", "hoodies", "size=XL&colour=black&colour=navy&max=3800&stock=in"],
    ["in stock in a size that is sold out in one colour", "hoodies", "colour=navy&size=XL&stock=in"],
  ] as const)("filters by %s, with an exact count", async (_name, category, search) => {
    const page = await list(category, search);
    expect(slugs(page).sort()).toEqual(expected(category, search).sort());
    expect(page.total).toBe(expected(category, search).length);
  });

  it("filters something out in every kind (the cases above are not vacuous)", () => {
    const all = expected("hoodies", "").length;
    for (const search of ["size=XL&colour=navy&stock=in", "colour=black", "stock=in"])
      expect(expected("hoodies", search).length).toBeLessThan(all);
    expect(expected("hoodies", "colour=navy&size=XL&stock=in").length).toBeLessThan(
      expected("hoodies", "colour=navy&size=XL").length,
    );
  });

  it("sorts by price both ways, by name and by newest", async () => {
    const prices = (page: { products: { price: number }[] }) => page.products.map((product) => product.price);
    const up = prices(await list(undefined, "sort=price-asc"));
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = prices(await list(undefined, "sort=price-desc"));
    expect(down).toEqual([...down].sort((a, b) => b - a));
    const names = (await list("tshirts", "sort=name")).products.map((product) => product.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect((await list(undefined, "sort=newest")).total).toBe(seedProducts.length);
  });

  it("drops a colour or size the listing does not hold instead of emptying it", async () => {
    const page = await list("hoodies", "colour=purple&size=XXXL");
    expect(page.total).toBe(expected("hoodies", "").length);
    expect(page.filters).toMatchObject({ colours: [], sizes: [] });
  });

  it("gives search the same filters", async () => {
    const result = await searchProducts(db, parseSearchUrl(new URLSearchParams("q=hoodie&size=XL&colour=navy&stock=in")));
    const hoodies = expected("hoodies", "size=XL&colour=navy&stock=in");
    expect(result.total).toBeGreaterThan(0);
    expect(slugs(result).every((slug) => hoodies.includes(slug))).toBe(true);
  });
});
