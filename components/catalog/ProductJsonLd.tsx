import type { Product } from "@/lib/catalog/queries";
import { variantLabel } from "@/lib/core/variant-label";
import { variantPath, variantSku } from "@/lib/feeds/entries";
import { site } from "@/lib/site";

/**
 * Product structured data for search engines: one Offer per variant on sale, with the same SKU,
 * price and availability as the shopping feeds' entry, so Merchant Center finds no mismatch.
 * `<` is escaped so no text can close the script.
 */
export function ProductJsonLd({ product }: { product: Product }) {
  const data = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    image: product.images.map((image) => `${site.url}${image.src}`),
    description: product.description,
    brand: { "@type": "Brand", name: site.name },
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
  };
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }} />
  );
}
