import { allCategories, findCategory, shownCategories, type Category, type CategorySlug } from "./categories";

/** A listing's page: /products (every category) or a category's page. */
export type ListingPage = { title: string; description: string; path: string; category: CategorySlug | "all" };

/** The listing behind a route's slug ('all' for /products), or null for an unknown or hidden category. */
export function findListingPage(slug: string, categories: readonly Category[]): ListingPage | null {
  if (slug === allCategories.slug) {
    return {
      title: "All products",
      description: "Every Kijani Threads hoodie, t-shirt and recycled trash bag, made in Nairobi and delivered across Kenya.",
      path: "/products",
      category: "all",
    };
  }
  const category = findCategory(categories, slug);
  if (!category || category.hidden) return null;
  return {
    title: category.name,
    description: category.description,
    path: `/categories/${slug}`,
    category: slug,
  };
}

/** The listings a shopper can browse: each shown category in staff's order, then all products. */
export function browsableListings(categories: readonly Category[]): ListingPage[] {
  const slugs = [...shownCategories(categories).map((category) => category.slug), allCategories.slug];
  return slugs.map((slug) => findListingPage(slug, categories)!);
}

/** The public path of a listing's slug, as proxy.ts and the internal paths name it. */
export const listingPathOf = (slug: string) => (slug === allCategories.slug ? "/products" : `/categories/${slug}`);
