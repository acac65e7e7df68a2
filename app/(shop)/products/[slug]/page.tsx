import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { ogImageSize } from "@/components/catalog/ProductOgImage";
import { ProductView } from "@/components/catalog/ProductView";
import { getProductPage, getRenamedSlug } from "@/lib/server/catalog-cache";

type Props = { params: Promise<{ slug: string }> };

// Rendered on first visit, then served from the cache until the catalog changes.
export const generateStaticParams = async () => [];

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await getProductPage((await params).slug);
  if (!page) return { title: "Not Found" };
  const { product } = page;
  return {
    title: product.name,
    description: product.description,
    alternates: { canonical: `/products/${product.slug}` },
    openGraph: {
      type: "website",
      title: product.name,
      description: product.description,
      url: `/products/${product.slug}`,
      images: [{ url: `/products/${product.slug}/opengraph-image`, ...ogImageSize, alt: product.name }],
    },
  };
}

export default async function ProductPage({ params }: Props) {
  const { slug } = await params;
  const page = await getProductPage(slug);
  if (!page) {
    // A renamed product's old address answers 308 to its new one, so shared links keep working.
    const renamed = await getRenamedSlug(slug);
    if (renamed) permanentRedirect(`/products/${renamed}`);
    notFound();
  }
  return <ProductView product={page.product} related={page.related} />;
}
