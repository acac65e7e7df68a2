import { describe, expect, it } from "vitest";
import {
  maxPage,
  maxQueryLength,
  parseSearchKey,
  parseSearchParams,
  parseSearchUrl,
  searchHref,
  searchKey,
} from "./search-params";

const defaults = { q: "", category: "all", sort: "relevance", page: 1 };

describe("parseSearchParams", () => {
  it("keeps a valid query", () => {
    expect(parseSearchParams({ q: " Hoodie ", category: "hoodies", sort: "price-desc", page: "2" })).toEqual({
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
    expect(parseSearchParams({ category: "x", sort: "cheapest" })).toMatchObject({ category: "all", sort: "relevance" });
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
    expect(searchHref({ q: "", category: "all", sort: "relevance", page: 1 })).toBe("/search");
  });

  it("encodes every non-default value", () => {
    expect(searchHref({ q: "a&b", category: "tshirts", sort: "newest", page: 3 })).toBe(
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
    const query = { q: "Kanga 100% ünï & <b> ✓", category: "tshirts", sort: "price-desc", page: 7 } as const;
    expect(parseSearchKey(searchKey(query))).toEqual(query);
  });

  it("reads any other segment as the defaults", () => {
    for (const key of ["", "not base64!", "%E0%A4%A", "q=hoodie", "////"])
      expect(parseSearchKey(key)).toMatchObject({ category: "all" });
  });
});
