import { describe, expect, it } from "vitest";
import { breadcrumbList, kidsAudience } from "./structured-data";

const category = { kidsSizes: ["4-6Y", "6-8Y", "8-10Y", "10-12Y", "KS"], adultSizes: ["S", "M"] };
const ages = (minValue: number, maxValue: number) => ({ "@type": "QuantitativeValue", minValue, maxValue, unitCode: "ANN" });

describe("the catalog's structured data", () => {
  it("gives a product sold in kids' sizes only the ages its sizes name, else Google's kids' range", () => {
    expect(kidsAudience(["6-8Y", "10-12Y"], category)).toEqual({
      "@type": "PeopleAudience",
      suggestedGender: "unisex",
      suggestedAge: ages(6, 12),
    });
    expect(kidsAudience(["4-6Y", "KS"], category)?.suggestedAge).toEqual(ages(5, 13));
  });

  it("names no audience for adults' sizes, a mix, or goods without sizes", () => {
    expect(kidsAudience(["S", "M"], category)).toBeNull();
    expect(kidsAudience(["4-6Y", "S"], category)).toBeNull();
    expect(kidsAudience([], category)).toBeNull();
  });

  it("links every breadcrumb but the page itself, by its absolute address", () => {
    const crumbs = [{ label: "Home", href: "/" }, { label: "Hoodies", href: "/categories/hoodies" }, { label: "Glow" }];
    expect(breadcrumbList(crumbs, "https://shop.example").itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://shop.example/" },
      { "@type": "ListItem", position: 2, name: "Hoodies", item: "https://shop.example/categories/hoodies" },
      { "@type": "ListItem", position: 3, name: "Glow" },
    ]);
  });
});
