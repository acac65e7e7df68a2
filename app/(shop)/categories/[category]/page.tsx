import type { Metadata } from "next";
import { CachedNotFound } from "@/components/layout/NotFoundPage";
import { ProductListing } from "@/components/catalog/ProductListing";
import { findListing, redirectRenamedCategory } from "@/lib/server/category-pages";
import { getCatalogPage } from "@/lib/server/catalog-cache";
import { defaultListingQuery } from "@/lib/catalog/search-params";
import { pageMetadata } from "@/lib/seo";

type Props = { params: Promise<{ category: string }> };

// Rendered on first visit, then served from the cache until the catalog changes. /products is
// this page for every category (next.config.ts rewrites it here), so it is cached the same way.
// Filtered, sorted and later pages are ./[key], one cached render per normalised query.
export const generateStaticParams = async () => [];

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const listing = await findListing((await params).category);
  return listing ? pageMetadata(listing) : { title: "Not Found" };
}

export default async function CategoryPage({ params }: Props) {
  const { category } = await params;
  const listing = await findListing(category);
  if (!listing) {
    await redirectRenamedCategory(category, defaultListingQuery);
    return <CachedNotFound />;
  }
  const result = await getCatalogPage(listing.category, defaultListingQuery);
  return <ProductListing listing={listing} query={defaultListingQuery} result={result} />;
}
