import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ProductListing } from "@/components/catalog/ProductListing";
import { listCatalogProducts } from "@/lib/server/catalog-cache";
import { allCategories, categoryLabel, isCategorySlug, type CategorySlug } from "@/lib/catalog/categories";
import { pageMetadata } from "@/lib/seo";

type Props = { params: Promise<{ category: string }> };

// Rendered on first visit, then served from the cache until the catalog changes. /products is
// this page for every category (next.config.ts rewrites it here), so it is cached the same way.
export const generateStaticParams = async () => [];

type Listing = { title: string; description: string; path: string; category?: CategorySlug };

function listingOf(slug: string): Listing | null {
  if (slug === allCategories.slug) {
    return {
      title: "All products",
      description: "Every Kijani Threads hoodie, t-shirt and recycled trash bag, made in Nairobi and delivered across Kenya.",
      path: "/products",
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

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const listing = listingOf((await params).category);
  return listing ? pageMetadata(listing) : { title: "Not Found" };
}

export default async function CategoryPage({ params }: Props) {
  const listing = listingOf((await params).category);
  if (!listing) notFound();
  return <ProductListing title={listing.title} products={await listCatalogProducts(listing.category)} sharePath={listing.path} />;
}
