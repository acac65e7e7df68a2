import type { Product } from "@/lib/catalog/queries";
import { site } from "@/lib/site";

/** Product structured data for search engines. `<` is escaped so no text can close the script. */
export function ProductJsonLd({ product }: { product: Product }) {
  const url = `${site.url}/products/${product.slug}`;
  const data = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    image: product.images.map((image) => `${site.url}${image.src}`),
    description: product.description,
    sku: product.slug,
    brand: { "@type": "Brand", name: site.name },
    offers: {
      "@type": "Offer",
      url,
      price: product.price,
      priceCurrency: "KES",
      availability: product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
  };
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }} />
  );
}
