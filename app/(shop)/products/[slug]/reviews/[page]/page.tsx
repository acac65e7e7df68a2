import type { Metadata } from "next";
import { CachedNotFound } from "@/components/layout/NotFoundPage";
import { Breadcrumbs } from "@/components/catalog/Breadcrumbs";
import { ProductReviews } from "@/components/reviews/ProductReviews";
import { findProductReviewPage } from "@/lib/server/catalog-cache";
import { pageMetadata } from "@/lib/seo";

type Props = { params: Promise<{ slug: string; page: string }> };

// Rendered on first visit, then served from the cache until the catalog (or a review) changes.
export const generateStaticParams = async () => [];

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug, page } = await params;
  const found = await findPage(slug, page);
  if (!found) return { title: "Not Found" };
  const path = `/products/${slug}/reviews/${page}`;
  return pageMetadata({ title: `Reviews of ${found.product.name}, page ${page}`, description: found.product.description, path });
}

/** Page 2 and on of a product's published reviews, as plain links from its page (the first page). */
export default async function ProductReviewsPage({ params }: Props) {
  const { slug, page } = await params;
  const found = await findPage(slug, page);
  if (!found) return <CachedNotFound />;
  const { product, reviews } = found;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <Breadcrumbs
        crumbs={[
          { label: "Home", href: "/" },
          { label: product.name, href: `/products/${product.slug}` },
          { label: `Reviews, page ${reviews.page}` },
        ]}
      />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-stone-900">Reviews of {product.name}</h1>
      <ProductReviews slug={product.slug} reviews={reviews} />
    </div>
  );
}

/** Pages from 2 (the first is the product page); anything else is no page. */
function findPage(slug: string, page: string) {
  if (!/^[1-9]\d{0,4}$/.test(page) || page === "1") return null;
  return findProductReviewPage(slug, Number(page));
}
