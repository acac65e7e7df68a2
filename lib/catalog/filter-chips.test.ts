import { describe, expect, it } from "vitest";
import { filterChips } from "./filter-chips";
import { defaultListingQuery, filterLabels, listingHref, type ListingQuery } from "./search-params";

const colours = [
  { value: "black", label: "Black" },
  { value: "navy", label: "Navy" },
];

describe("filterChips", () => {
  it("gives no chip for an unfiltered query, whatever its sort and page", () => {
    expect(filterChips({ ...defaultListingQuery, sort: "price-asc", page: 3 }, colours)).toEqual([]);
  });

  it("gives one chip per applied filter, each removing only itself and going back to the first page", () => {
    const query: ListingQuery = {
      sizes: ["L", "XL"],
      colours: ["navy"],
      minPrice: 1000,
      maxPrice: 3800,
      inStock: true,
      sort: "price-desc",
      page: 2,
    };
    const chips = filterChips(query, colours);
    expect(chips.map((chip) => chip.label)).toEqual([
      `${filterLabels.size} L`,
      `${filterLabels.size} XL`,
      "Navy",
      "From KSh 1,000",
      "Up to KSh 3,800",
      filterLabels.inStock,
    ]);
    expect(chips.map((chip) => listingHref("/categories/hoodies", chip.without))).toEqual([
      "/categories/hoodies?size=XL&colour=navy&min=1000&max=3800&stock=in&sort=price-desc",
      "/categories/hoodies?size=L&colour=navy&min=1000&max=3800&stock=in&sort=price-desc",
      "/categories/hoodies?size=L&size=XL&min=1000&max=3800&stock=in&sort=price-desc",
      "/categories/hoodies?size=L&size=XL&colour=navy&max=3800&stock=in&sort=price-desc",
      "/categories/hoodies?size=L&size=XL&colour=navy&min=1000&stock=in&sort=price-desc",
      "/categories/hoodies?size=L&size=XL&colour=navy&min=1000&max=3800&sort=price-desc",
    ]);
  });

  it("names a colour the listing no longer offers by its value", () => {
    expect(filterChips({ ...defaultListingQuery, colours: ["sand"] }, colours)[0].label).toBe("sand");
  });
});
