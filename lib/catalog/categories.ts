import type { CategoryKind } from "@/lib/db/values";

/**
 * A category as the shop shows it, read from the database (lib/catalog/category-queries.ts) and
 * handed to forms as plain data. Its slug is the URL and the value of the header's dropdown.
 */
export type Category = {
  slug: string;
  name: string;
  description: string;
  kind: CategoryKind;
  /** Apparel's sizes, each list smallest first (lib/catalog/sizes.ts); empty for packs. */
  kidsSizes: string[];
  adultSizes: string[];
  hidden: boolean;
};

/** A category's slug: any text until checked against the stored list (findCategory). */
export type CategorySlug = string;

/** The dropdown's first option: search every category. */
export const allCategories = { slug: "all", name: "All category" } as const;

export function findCategory(categories: readonly Category[], slug: unknown): Category | undefined {
  return categories.find((category) => category.slug === slug);
}

/** A category's name, or its slug when staff have just deleted it. */
export function categoryName(categories: readonly Category[], slug: CategorySlug): string {
  return findCategory(categories, slug)?.name ?? slug;
}

/** The categories shoppers see, in staff's order: the menus, listings, sitemap and feeds. */
export const shownCategories = (categories: readonly Category[]) => categories.filter((category) => !category.hidden);
