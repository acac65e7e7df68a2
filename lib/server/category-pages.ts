import "server-only";
import { permanentRedirect } from "next/navigation";
import { findListingPage } from "@/lib/catalog/listing-pages";
import { listingHref, type ListingQuery } from "@/lib/catalog/search-params";
import { findNewCategorySlug, listShopCategories } from "./catalog-cache";

/** The listing behind a route's slug ('all' for /products), from the cached categories; null if none is shown. */
export async function findListing(slug: string) {
  return findListingPage(slug, await listShopCategories());
}

/**
 * A renamed category's old address answers 308 to its new one with the same filters, so shared
 * links keep working; returns when `slug` was never a category's.
 */
export async function redirectRenamedCategory(slug: string, query: ListingQuery): Promise<void> {
  const renamed = await findNewCategorySlug(slug);
  if (renamed) permanentRedirect(listingHref(`/categories/${renamed}`, query));
}
