/** The shop's categories; their slugs are the values of the header's dropdown and the URLs. */
export const categories = [
  { slug: "hoodies", label: "Hoodies" },
  { slug: "tshirts", label: "T-shirts" },
  { slug: "trashbags", label: "Trash bags" },
] as const;

export type CategorySlug = (typeof categories)[number]["slug"];
export const categorySlugs = categories.map((category) => category.slug) as [CategorySlug, ...CategorySlug[]];

/** The dropdown's first option: search every category. */
export const allCategories = { slug: "all", label: "All category" } as const;

export function isCategorySlug(value: unknown): value is CategorySlug {
  return categories.some((category) => category.slug === value);
}

export function categoryLabel(slug: CategorySlug): string {
  return categories.find((category) => category.slug === slug)!.label;
}
