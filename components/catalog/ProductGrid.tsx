import type { ProductCard as Card } from "@/lib/catalog/queries";
import { ProductCard } from "./ProductCard";

/** Product cards in a responsive grid; the first row loads eagerly. */
export function ProductGrid({ products, label }: { products: Card[]; label: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} eager={index < 4} />
        </li>
      ))}
    </ul>
  );
}
