import { JsonLd } from "@/components/layout/JsonLd";
import type { Product } from "@/lib/catalog/queries";
import { sizeMeasures, type SizeChartRow, type SizeMeasure } from "@/lib/catalog/size-chart-rules";
import { kidsAudience } from "@/lib/catalog/structured-data";
import { variantLabel, variantPath } from "@/lib/core/variant-label";
import { variantSku } from "@/lib/feeds/entries";
import type { PublishedReview, ReviewSummary } from "@/lib/reviews/product-reviews";
import { reviewStructuredData } from "@/lib/reviews/structured-data";
import { site } from "@/lib/site";

type Props = {
  product: Product;
  /** The sizes it is sold in, and their rows of the size chart (if any). */
  sizes: string[];
  sizeGuide: SizeChartRow[];
  /** Its published reviews: the rating and the newest, only when there is one. */
  reviews: ReviewSummary;
  newestReviews: PublishedReview[];
};

/**
 * Product structured data for search engines: one Offer per variant on sale, with the same SKU,
 * price and availability as the shopping feeds' entry, so Merchant Center finds no mismatch.
 * Apparel names its sizes as schema.org SizeSpecifications, with the size chart's measurements.
 * A product sold in kids' sizes only names its audience's ages.
 * Its aggregateRating and reviews only once one is published (lib/reviews/structured-data.ts).
 */
export function ProductJsonLd({ product, sizes, sizeGuide, reviews, newestReviews }: Props) {
  const audience = kidsAudience(sizes, product.categorySizes);
  const data = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    image: product.images.map((image) => `${site.url}${image.src}`),
    description: product.description,
    brand: { "@type": "Brand", name: site.name },
    ...(sizes.length > 0 && { size: sizes.map((size) => sizeSpecification(size, sizeGuide)) }),
    ...(audience && { audience }),
    offers: product.variants.map((variant) => ({
      "@type": "Offer",
      sku: variantSku(variant.id),
      ...(variantLabel(variant) && { name: variantLabel(variant) }),
      url: `${site.url}${variantPath(product.slug, variant.id)}`,
      price: variant.price,
      priceCurrency: "KES",
      itemCondition: "https://schema.org/NewCondition",
      availability: variant.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    })),
    ...reviewStructuredData(reviews, newestReviews),
  };
  return <JsonLd data={data} />;
}

/** schema.org's names for a garment's measurements (WearableMeasurementTypeEnumeration). */
const measurementTypes: Record<SizeMeasure, string> = {
  chest: "https://schema.org/WearableMeasurementChestOrBust",
  length: "https://schema.org/WearableMeasurementLength",
  sleeve: "https://schema.org/WearableMeasurementSleeve",
};

/** A size's code, and its measurements in centimetres (UN/CEFACT CMT) when the chart has it. */
function sizeSpecification(size: string, sizeGuide: SizeChartRow[]) {
  const row = sizeGuide.find((guideRow) => guideRow.size === size);
  return {
    "@type": "SizeSpecification",
    name: size,
    ...(row && {
      hasMeasurement: sizeMeasures.map((measure) => ({
        "@type": "QuantitativeValue",
        valueReference: measurementTypes[measure],
        value: row[measure],
        unitCode: "CMT",
      })),
    }),
  };
}
