import type { CategorySlug } from "@/lib/catalog/categories";

/**
 * How the feeds classify each category: its path in Google's product taxonomy (Meta reads the same
 * google_product_category), and whether its items are apparel, which the feeds describe by size,
 * colour, gender and age group. Kept out of lib/catalog/categories.ts, which client bundles import.
 */
export const feedCategories: Record<CategorySlug, { googleCategory: string; apparel: boolean }> = {
  hoodies: {
    googleCategory: "Apparel & Accessories > Clothing > Activewear > Activewear Sweatshirts & Hoodies > Hoodies",
    apparel: true,
  },
  tshirts: { googleCategory: "Apparel & Accessories > Clothing > Clothing Tops > T-Shirts", apparel: true },
  trashbags: { googleCategory: "Home & Garden > Household Supplies > Waste Containment > Trash Bags", apparel: false },
};
