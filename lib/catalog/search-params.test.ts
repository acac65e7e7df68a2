import { describe, expect, it } from "vitest";
import {
  defaultSearchQuery,
  isRefined,
  listingHref,
  listingKey,
  maxPage,
  maxQueryLength,
  parseSearchKey,
  parseSearchParams,
  parseSearchUrl,
  searchHref,
  searchKey,
  type SearchQuery,
} from "./search-params";

const defaults = defaultSearchQuery;

describe("parseSearchParams", () => {
  it("keeps a valid query", () => {
    expect(parseSearchParams({ q: " Hoodie ", category: "hoodies", sort: "price-desc", page: "2" })).toEqual({
      ...defaults,
      q: "Hoodie",
      category: "hoodies",
      sort: "price-desc",
      page: 2,
    });
  });

  it("gives the defaults for missing parameters", () => {
    expect(parseSearchParams({})).toEqual(defaults);
  });

  it("trims a 3,000-character query", () => {
    expect(parseSearchParams({ q: "a".repeat(3000) }).q).toHaveLength(maxQueryLength);
  });

  it("strips NUL bytes and other control characters", () => {
    expect(parseSearchParams({ q: "hoo\u0000die\u0007\n" }).q).toBe("hoo die");
    expect(parseSearchParams({ q: "\u0000" }).q).toBe("");
  });

  it("keeps SQL and HTML fragments as plain text for the query layer to bind", () => {
    expect(parseSearchParams({ q: "' OR 1=1 --" }).q).toBe("' OR 1=1 --");
    expect(parseSearchParams({ q: "<script>alert(1)</script>" }).q).toBe("<script>alert(1)</script>");
  });

  it("takes the first of repeated parameters", () => {
    expect(parseSearchParams({ q: ["a", "b"], category: ["tshirts", "hoodies"] })).toMatchObject({ q: "a", category: "tshirts" });
  });

  it("falls back to all categories and relevance for unknown values", () => {
    expect(parseSearchParams({ category: "No such/category", sort: "cheapest" })).toMatchObject({
      category: "all",
      sort: "relevance",
    });
    expect(parseSearchParams({ category: "__proto__", sort: "constructor" })).toMatchObject({
      category: "all",
      sort: "relevance",
    });
  });

  it.each([
    ["-1", 1],
    ["0", 1],
    ["abc", 1],
    ["2.5", 1],
    ["1e3", 1],
    ["", 1],
    ["7", 7],
    ["99999999999999999999", maxPage],
    ["9".repeat(400), maxPage],
  ])("clamps page %j to %i", (page, expected) => {
    expect(parseSearchParams({ page }).page).toBe(expected);
  });
});

describe("searchHref", () => {
  it("leaves out default values", () => {
    expect(searchHref(defaults)).toBe("/search");
  });

  it("encodes every non-default value", () => {
    expect(searchHref({ ...defaults, q: "a&b", category: "tshirts", sort: "newest", page: 3 })).toBe(
      "/search?q=a%26b&category=tshirts&sort=newest&page=3",
    );
  });
});

describe("parseSearchUrl", () => {
  it("takes the first of repeated parameters and ignores unknown ones", () => {
    expect(parseSearchUrl(new URLSearchParams("q=tee&q=hoodie&page=2&_rsc=abc"))).toEqual({ ...defaults, q: "tee", page: 2 });
  });
});

describe("searchKey", () => {
  const keyOf = (search: string) => searchKey(parseSearchUrl(new URLSearchParams(search)));

  it("gives one path per distinct search, whatever the parameters' order or defaults", () => {
    expect(keyOf("q=hoodie&category=all&page=1")).toBe(keyOf("page=1&q=+hoodie+&sort=nonsense"));
    expect(keyOf("q=hoodie")).not.toBe(keyOf("q=hoodie&page=2"));
  });

  it("is one path segment of URL-safe characters, which no layer decodes differently", () => {
    expect(keyOf("q=100%25+cotton/ünï & <b>")).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it("round-trips through parseSearchKey, any text included", () => {
    const query: SearchQuery = {
      ...defaults,
      q: "Kanga 100% ünï & <b> ✓",
      category: "tshirts",
      sort: "price-desc",
      page: 7,
      sizes: ["M", "XL"],
      colours: ["heather grey"],
      minPrice: 1000,
      inStock: true,
    };
    expect(parseSearchKey(searchKey(query))).toEqual(query);
  });

  it("reads any other segment as the defaults", () => {
    for (const key of ["", "not base64!", "%E0%A4%A", "q=hoodie", "////"])
      expect(parseSearchKey(key)).toMatchObject({ category: "all" });
  });
});

describe("the listings' filters", () => {
  const parse = (search: string) => parseSearchUrl(new URLSearchParams(search));
  const href = (search: string) => listingHref("/categories/hoodies", parse(search));

  it("keeps valid filters, sizes upper-cased in one order (the listing shows its categories' own) and colours in lower case", () => {
    expect(parse("size=xl&size=S&size=M&colour=Navy&colour=Heather%20%20Grey&min=1000&max=3500&stock=in")).toMatchObject({
      sizes: ["M", "S", "XL"],
      colours: ["heather grey", "navy"],
      minPrice: 1000,
      maxPrice: 3500,
      inStock: true,
    });
  });

  it("gives every combination one URL: parameters in a fixed order, defaults and repeats left out", () => {
    const normalised = "/categories/hoodies?size=S&size=XL&colour=black&min=1000&max=3500&stock=in&sort=price-asc&page=2";
    expect(href("page=2&sort=price-asc&stock=in&max=3500&min=1000&colour=Black&size=XL&size=s&size=XL")).toBe(normalised);
    expect(href(normalised.split("?")[1])).toBe(normalised);
    expect(href("size=&colour=&min=&max=&sort=relevance&page=1")).toBe("/categories/hoodies");
  });

  it.each([
    ["size=<script>", { sizes: [] }],
    ["size=VERYLONGSIZE", { sizes: [] }],
    ["colour=bl%00ack", { colours: [] }],
    ["colour=%27%20OR%201%3D1", { colours: [] }],
    ["min=-5&max=abc", { minPrice: null, maxPrice: null }],
    ["min=2.5&max=1e3", { minPrice: null, maxPrice: null }],
    ["min=99999999999", { minPrice: null }],
    ["stock=yes", { inStock: false }],
    ["sort=cheapest", { sort: "relevance" }],
    ["size[]=M&colour[a]=b", { sizes: [], colours: [] }],
  ])("drops the bad value in %j", (search, expected) => {
    expect(parse(search)).toMatchObject(expected);
  });

  it("swaps a reversed price range", () => {
    expect(parse("min=5000&max=1000")).toMatchObject({ minPrice: 1000, maxPrice: 5000 });
  });

  it("keeps at most 20 values of one kind", () => {
    const many = Array.from({ length: 500 }, (_, index) => `colour=c${"a".repeat(index % 25)}`).join("&");
    expect(parse(many).colours.length).toBeLessThanOrEqual(20);
  });

  it("never throws, whatever it is given", () => {
    const odd = [{}, { size: 5 }, { colour: [null, {}, "black"] }, { min: ["1", "2"] }, { page: { a: 1 } }, { __proto__: "x" }];
    for (const params of odd) expect(() => parseSearchParams(params as never)).not.toThrow();
    expect(parseSearchParams({ colour: [null, {}, "black"] } as never).colours).toEqual(["black"]);
  });

  it("calls only a filtered, sorted or paged listing refined, and keys each one apart", () => {
    expect(isRefined(parse("utm_source=sms&q=x"))).toBe(false);
    for (const search of ["size=M", "stock=in", "sort=name", "page=2", "max=100"]) expect(isRefined(parse(search))).toBe(true);
    expect(listingKey(parse("size=M&colour=black"))).toBe(listingKey(parse("colour=BLACK&size=m")));
    expect(listingKey(parse("size=M"))).not.toBe(listingKey(parse("size=L")));
    expect(parseSearchKey(listingKey(parse("size=M&page=3")))).toMatchObject({ sizes: ["M"], page: 3 });
  });
});
