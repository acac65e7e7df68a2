import type { Metadata } from "next";
import { permanentRedirect } from "next/navigation";
import { CachedNotFound } from "@/components/layout/NotFoundPage";
import { ogImageSize } from "@/components/catalog/ProductOgImage";
import { ProductView } from "@/components/catalog/ProductView";
import { formatKsh } from "@/lib/catalog/price";
import { findProductPage, findNewSlug, findSizeChart } from "@/lib/server/catalog-cache";
import { pageMetadata } from "@/lib/seo";

type Props = { params: Promise<{ slug: string }> };

// Rendered on first visit, then served from the cache until the catalog changes.
export const generateStaticParams = async () => [];

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await findProductPage((await params).slug);
  if (!page) return { title: "Not Found" };
  const { product } = page;
  const path = `/products/${product.slug}`;
  // The image's address changes with every edit, so link previews never keep an old price or name.
  const image = { url: `${path}/opengraph-image?v=${Date.parse(product.updatedAt)}`, ...ogImageSize, alt: product.name };
  const metadata = pageMetadata({
    title: product.name,
    description: `${formatKsh(product.price)}: ${product.description}`,
    path,
  });
  return {
    ...metadata,
    openGraph: { ...metadata.openGraph, images: [image] },
    twitter: { ...metadata.twitter, images: [image] },
  };
}

export default async function ProductPage({ params }: Props) {
  const { slug } = await params;
  const page = await findProductPage(slug);
  if (!page) {
    // A renamed product's old address answers 308 to its new one, so shared links keep working.
    const renamed = await findNewSlug(slug);
    if (renamed) permanentRedirect(`/products/${renamed}`);
    return <CachedNotFound />;
  }
  // A pack's category has no chart, and a pack offers no sizes to show one for.
  const sizeChart = await findSizeChart(page.product.category);
  return (
    <ProductView
      product={page.product}
      related={page.related}
      sizeChart={sizeChart}
      reviews={page.reviews}
      newestReviews={page.newestReviews}
    />
  );
}
