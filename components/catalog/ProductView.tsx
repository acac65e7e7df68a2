import { AddToCart } from "@/components/cart/AddToCart";
import { commerceEvent, eventOnShow } from "@/lib/analytics/browser-events";
import { ShareMenu } from "@/components/marketing/ShareMenu";
import { BackInStockForm } from "@/components/winback/BackInStockForm";
import { ProductReviews } from "@/components/reviews/ProductReviews";
import { RatingSummary } from "@/components/reviews/RatingSummary";
import { variantLabel } from "@/lib/core/variant-label";
import { smsEnabled } from "@/lib/sms/client";
import type { Product, ProductCard } from "@/lib/catalog/queries";
import type { PublishedReview, ReviewPage } from "@/lib/reviews/product-reviews";
import { colourPhotoStyle } from "@/lib/catalog/colour-photos";
import { sizeGuideRows, type SizeChartRow } from "@/lib/catalog/size-chart-rules";
import { offeredSizes } from "@/lib/catalog/sizes";
import { Breadcrumbs } from "./Breadcrumbs";
import { ProductGallery } from "./ProductGallery";
import { ProductGrid } from "./ProductGrid";
import { ProductJsonLd } from "./ProductJsonLd";
import { SizeGuide } from "./SizeGuide";

type Props = {
  product: Product;
  related: ProductCard[];
  /** The category's size chart; empty for packs and categories without one. */
  sizeChart: SizeChartRow[];
  /** The first page of its published reviews, and the newest for its structured data. */
  reviews: ReviewPage;
  newestReviews: PublishedReview[];
};

/**
 * A product page: breadcrumbs, pictures, name and rating, the purchase form, size guide, description,
 * reviews and related products.
 */
export function ProductView({ product, related, sizeChart, reviews, newestReviews }: Props) {
  const sizes = offeredSizes(product.variants, product.categorySizes);
  const guide = sizeGuideRows(sizeChart, sizes);
  const soldOut = product.variants
    .filter((variant) => variant.stock === 0)
    .map((variant) => ({ id: variant.id, label: variantLabel(variant) || product.name }));
  const colourPhotos = colourPhotoStyle(
    "#product",
    product.images.map((image) => image.colour),
  );
  const item = { item_id: product.slug, item_name: product.name, price: product.price, quantity: 1 };
  return (
    <div id="product" className="mx-auto max-w-6xl px-4 py-6" {...eventOnShow(commerceEvent("view_item", [item]))}>
      {/* The gallery follows the chosen colour in CSS alone: no script, and it works before hydration. */}
      {colourPhotos ? <style>{colourPhotos}</style> : null}
      <ProductJsonLd product={product} sizes={sizes} sizeGuide={guide} reviews={reviews.summary} newestReviews={newestReviews} />
      <Breadcrumbs
        crumbs={[
          { label: "Home", href: "/" },
          { label: product.categoryName, href: `/categories/${product.category}` },
          { label: product.name },
        ]}
      />
      <div className="mt-4 grid gap-8 md:grid-cols-2">
        <ProductGallery images={product.images} name={product.name} />
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-stone-900">{product.name}</h1>
          <RatingSummary rating={product.rating} href="#reviews" />
          <AddToCart variants={product.variants} item={item} />
          {soldOut.length > 0 && <BackInStockForm soldOut={soldOut} smsOffered={smsEnabled()} />}
          <SizeGuide rows={guide} />
          <ShareMenu path={`/products/${product.slug}`} title={product.name} />
          <h2 className="mt-8 text-lg font-semibold text-stone-900">Description</h2>
          <p className="mt-2 leading-relaxed text-stone-800">{product.description}</p>
        </div>
      </div>
      <ProductReviews slug={product.slug} reviews={reviews} />
      {related.length > 0 ? (
        <section aria-labelledby="related-heading" className="mt-12">
          <h2 id="related-heading" className="mb-4 text-xl font-semibold text-stone-900">
            You may also like
          </h2>
          <ProductGrid products={related} label="Related products" />
        </section>
      ) : null}
    </div>
  );
}
