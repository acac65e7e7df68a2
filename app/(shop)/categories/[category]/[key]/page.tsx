import type { Metadata } from "next";
import { CachedNotFound } from "@/components/layout/NotFoundPage";
import { ProductListing } from "@/components/catalog/ProductListing";
import { findListing, redirectRenamedCategory } from "@/lib/server/category-pages";
import { getCatalogPage } from "@/lib/server/catalog-cache";
import { listingQueryOf, parseSearchKey } from "@/lib/catalog/search-params";
import { pageMetadata } from "@/lib/seo";

// A filtered, sorted or later page of a listing: proxy.ts names the normalised query and
// next.config.ts rewrites the public URL here, so each one renders on its first visit and is
// served from the cache until the catalog changes, like a search.
type Props = { params: Promise<{ category: string; key: string }> };

export const generateStaticParams = async () => [];

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const listing = await findListing((await params).category);
  if (!listing) return { title: "Not Found" };
  // Not a page of its own for search engines: the canonical is the unfiltered listing.
  return { ...pageMetadata(listing), robots: { index: false, follow: true } };
}

export default async function FilteredCategoryPage({ params }: Props) {
  const { category, key } = await params;
  const listing = await findListing(category);
  const query = listingQueryOf(parseSearchKey(key));
  if (!listing) {
    await redirectRenamedCategory(category, query);
    return <CachedNotFound />;
  }
  return <ProductListing listing={listing} query={query} result={await getCatalogPage(listing.category, query)} />;
}
