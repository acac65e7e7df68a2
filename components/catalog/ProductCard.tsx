import { CardRating } from "@/components/reviews/RatingSummary";
import { ShopLink } from "@/components/ui/ShopLink";
import type { ProductCard as Card } from "@/lib/catalog/queries";
import { formatKsh } from "@/lib/catalog/price";
import { stockState } from "@/lib/stock/labels";

// ProductGrid's columns: two on phones, three from 640 px, four from 1024 px (at most 1152 px wide).
const cardImageSizes = "(min-width: 1024px) 270px, (min-width: 640px) 33vw, 50vw";

/** A product in a grid: picture, name, price, its star rating once reviewed and, when it matters, its stock. */
export function ProductCard({ product, eager = false }: { product: Card; eager?: boolean }) {
  const stock = stockState(product.stock);
  return (
    <ShopLink
      href={`/products/${product.slug}`}
      className="group flex h-full flex-col rounded-lg border border-stone-200 bg-white p-3 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800"
    >
      <img
        src={product.image.src}
        srcSet={product.image.srcSet}
        sizes={cardImageSizes}
        alt=""
        width={368}
        height={368}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className="aspect-square w-full rounded-md bg-stone-100 object-cover"
      />
      <h3 className="mt-3 font-semibold text-stone-900 group-hover:underline">{product.name}</h3>
      <p className="mt-1 text-stone-800">{formatKsh(product.price)}</p>
      <CardRating rating={product.rating} />
      {stock.kind === "in-stock" ? null : (
        <p className={`mt-1 text-sm font-medium ${stock.kind === "sold-out" ? "text-stone-600" : "text-amber-800"}`}>
          {stock.kind === "sold-out" ? stock.label : "Low stock"}
        </p>
      )}
    </ShopLink>
  );
}
