import type { Metadata } from "next";
import { ProductListing } from "@/components/catalog/ProductListing";
import { getProducts } from "@/lib/server/catalog-cache";

export const metadata: Metadata = {
  title: "All products",
  description: "Every Kijani Threads hoodie, t-shirt and recycled trash bag, made in Nairobi and delivered across Kenya.",
  alternates: { canonical: "/products" },
};

// Rendered per request from the cached catalog: a static page would read the database at build time.
export const dynamic = "force-dynamic";

export default async function ProductsPage() {
  return <ProductListing title="All products" products={await getProducts()} />;
}
