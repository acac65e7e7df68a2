import { ShareMenu } from "@/components/marketing/ShareMenu";
import type { ProductCard } from "@/lib/catalog/queries";
import { Breadcrumbs } from "./Breadcrumbs";
import { ProductGrid } from "./ProductGrid";

/** A category page (with its share menu, given `sharePath`) or the page of all products. */
export function ProductListing({ title, products, sharePath }: { title: string; products: ProductCard[]; sharePath?: string }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <Breadcrumbs crumbs={[{ label: "Home", href: "/" }, { label: title }]} />
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-stone-900">{title}</h1>
      <p className="mb-5 mt-1 text-stone-700">{products.length === 1 ? "1 product" : `${products.length} products`}</p>
      {sharePath ? <ShareMenu path={sharePath} title={title} /> : null}
      {/* The cards are h3s: a heading between them and the page's h1 keeps the outline in order. */}
      <h2 className="sr-only">Products</h2>
      <ProductGrid products={products} label={title} />
    </div>
  );
}
