import { describe, expect, it } from "vitest";
import { browsableListings } from "./listing-pages";
import { seedCategories } from "./seed-data";

const categories = seedCategories.map((category) => ({ ...category, hidden: false }));

describe("browsableListings", () => {
  it("lists the shown categories in staff's order, then all products", () => {
    const hidden = categories.map((category) => (category.slug === "tshirts" ? { ...category, hidden: true } : category));
    expect(browsableListings([...hidden].reverse()).map(({ title, path }) => ({ title, path }))).toEqual([
      { title: "Trash bags", path: "/categories/trashbags" },
      { title: "Hoodies", path: "/categories/hoodies" },
      { title: "All products", path: "/products" },
    ]);
  });

  it("offers all products when staff have no category to show", () => {
    expect(browsableListings([]).map((listing) => listing.path)).toEqual(["/products"]);
  });
});
