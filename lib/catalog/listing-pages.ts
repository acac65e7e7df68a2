import { allCategories, categoryLabel, isCategorySlug, type CategorySlug } from "./categories";

/** A listing's page: /products (every category) or a category's page. */
export type ListingPage = { title: string; description: string; path: string; category: CategorySlug | "all" };

/** The listing behind a route's slug ('all' for /products), or null for an unknown category. */
export function findListingPage(slug: string): ListingPage | null {
  if (slug === allCategories.slug) {
    return {
      title: "All products",
      description: "Every Kijani Threads hoodie, t-shirt and recycled trash bag, made in Nairobi and delivered across Kenya.",
      path: "/products",
      category: "all",
    };
  }
  if (!isCategorySlug(slug)) return null;
  const label = categoryLabel(slug);
  return {
    title: label,
    description: `Shop Kijani Threads ${label.toLowerCase()}: made in Nairobi, delivered across Kenya.`,
    path: `/categories/${slug}`,
    category: slug,
  };
}

/** The public path of a listing's slug, as proxy.ts and the internal paths name it. */
export const listingPathOf = (slug: string) => (slug === allCategories.slug ? "/products" : `/categories/${slug}`);
