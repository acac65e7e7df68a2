import { revalidateTag, unstable_cache } from "next/cache";
import { getDb } from "@/lib/db";
import type { CategorySlug } from "./categories";
import { findProduct, listProducts, listProductUpdates, relatedProducts } from "./queries";
import { searchProducts } from "./search";
import type { SearchQuery } from "./search-params";

/** The cache tag on every cached catalog read (product, category, search and sitemap pages). */
export const catalogTag = "catalog";

/** Call after any catalog change (stock after an order, prices, products): cached pages re-read the database on their next visit. */
export function revalidateCatalog(): void {
  revalidateTag(catalogTag, { expire: 0 });
}

// Cached reads: one database round trip per page until the catalog changes, never at build time.

/** A product page's data: the product with its variants and related products, or null. */
export const getProductPage = unstable_cache(
  async (slug: string) => {
    const db = await getDb();
    const product = await findProduct(db, slug);
    return product && { product, related: await relatedProducts(db, product) };
  },
  ["catalog-product-page"],
  { tags: [catalogTag] },
);

export const getProducts = unstable_cache(
  async (category?: CategorySlug) => listProducts(await getDb(), category),
  ["catalog-products"],
  { tags: [catalogTag] },
);

export const getProductUpdates = unstable_cache(async () => listProductUpdates(await getDb()), ["catalog-updates"], {
  tags: [catalogTag],
});

/**
 * Search results per normalised query: popular and shared searches (marketing links) skip the
 * database until the catalog changes. Entries live in Next's in-memory LRU cache, so a flood of
 * distinct queries evicts old ones instead of growing memory.
 */
export const getSearchResults = unstable_cache(
  async (query: SearchQuery) => searchProducts(await getDb(), query),
  ["catalog-search"],
  {
    tags: [catalogTag],
  },
);
