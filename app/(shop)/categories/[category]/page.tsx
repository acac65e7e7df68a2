import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ProductListing } from "@/components/catalog/ProductListing";
import { getProducts } from "@/lib/server/catalog-cache";
import { categoryLabel, isCategorySlug } from "@/lib/catalog/categories";
import { pageMetadata } from "@/lib/seo";

type Props = { params: Promise<{ category: string }> };

// Rendered on first visit, then served from the cache until the catalog changes.
export const generateStaticParams = async () => [];

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { category } = await params;
  if (!isCategorySlug(category)) return { title: "Not Found" };
  const label = categoryLabel(category);
  return pageMetadata({
    title: label,
    description: `Shop Kijani Threads ${label.toLowerCase()}: made in Nairobi, delivered across Kenya.`,
    path: `/categories/${category}`,
  });
}

export default async function CategoryPage({ params }: Props) {
  const { category } = await params;
  if (!isCategorySlug(category)) notFound();
  return (
    <ProductListing
      title={categoryLabel(category)}
      products={await getProducts(category)}
      sharePath={`/categories/${category}`}
    />
  );
}
