import type { CategorySlug } from "@/lib/catalog/categories";
import type { CategoryKind } from "@/lib/db/values";

/**
 * How the feeds classify a category: its path in Google's product taxonomy (Meta reads the same
 * google_product_category), and whether its items are apparel, which the feeds describe by size,
 * colour, gender and age group. The shop's first categories have their exact paths; one staff add
 * later gets its kind's general path.
 */
export function feedCategoryOf(slug: CategorySlug, kind: CategoryKind): { googleCategory: string; apparel: boolean } {
  return { googleCategory: knownPaths[slug] ?? kindPaths[kind], apparel: kind === "apparel" };
}

const knownPaths: Partial<Record<CategorySlug, string>> = {
  hoodies: "Apparel & Accessories > Clothing > Activewear > Activewear Sweatshirts & Hoodies > Hoodies",
  tshirts: "Apparel & Accessories > Clothing > Clothing Tops > T-Shirts",
  trashbags: "Home & Garden > Household Supplies > Waste Containment > Trash Bags",
};

const kindPaths: Record<CategoryKind, string> = {
  apparel: "Apparel & Accessories > Clothing",
  pack: "Home & Garden > Household Supplies",
};
