import "server-only";
import { unstable_cache } from "next/cache";
import { cachedUnder, cacheTags, productTag, sizeChartTag } from "@/lib/cache/changes";
import type { CategorySlug } from "@/lib/catalog/categories";
import { findRenamedCategory, listCategories } from "@/lib/catalog/category-queries";
import { listCatalogPage } from "@/lib/catalog/listing";
import { findProduct, findRenamedSlug, listProductUpdates, listRelatedProducts } from "@/lib/catalog/queries";
import { searchProducts } from "@/lib/catalog/search";
import { listSizeChart } from "@/lib/catalog/size-charts";
import { listFeedProducts } from "@/lib/feeds/feed-products";
import { listFeedReviews } from "@/lib/reviews/feed";
import { findReviewPage, listPublishedReviews } from "@/lib/reviews/product-reviews";
import { JSON_LD_REVIEWS } from "@/lib/reviews/structured-data";
import type { ListingQuery, SearchQuery } from "@/lib/catalog/search-params";
import { getDb } from "@/lib/server/database";
import { expireCacheTags } from "./cache-expiry";

/**
 * After a catalog change in this request (an order, an edit): this instance's cached pages re-read
 * the database on their next visit, before the action's answer renders. Other instances learn of
 * the change from the writing transaction's announcement (lib/cache/changes.ts).
 */
export function revalidateCatalog(): void {
  expireCacheTags([cacheTags.catalog]);
}

/** After staff saved a category's size chart: its product pages on this instance re-read it. */
export function revalidateSizeChart(category: CategorySlug): void {
  expireCacheTags([sizeChartTag(category)]);
}

const catalogTag = cacheTags.catalog;

// Cached reads: one database round trip per page until the catalog changes, never at build time.

/**
 * A product page's data: the product with its variants, related products, the first page of its
 * reviews and the newest for its JSON-LD, or null. Tagged with the product too, so that an order
 * re-renders only the pages of what it bought; a review's publication expires the catalog's tag.
 */
export function findProductPage(slug: string) {
  return unstable_cache(
    async () => {
      const db = await getDb();
      const product = await findProduct(db, slug);
      if (!product) return null;
      const [related, reviews, newestReviews] = await Promise.all([
        listRelatedProducts(db, product),
        findReviewPage(db, product.id),
        listPublishedReviews(db, product.id, JSON_LD_REVIEWS),
      ]);
      return { product, related, reviews: reviews!, newestReviews };
    },
    ["catalog-product-page", slug],
    { tags: cachedUnder(catalogTag, productTag(slug)) },
  )();
}

/** Page `page` (from 2) of a product's published reviews with the product, or null past the last page. */
export function findProductReviewPage(slug: string, page: number) {
  return unstable_cache(
    async () => {
      const db = await getDb();
      const product = await findProduct(db, slug);
      const reviews = product && (await findReviewPage(db, product.id, page));
      return product && reviews && { product, reviews };
    },
    ["catalog-product-reviews", slug, String(page)],
    { tags: cachedUnder(catalogTag, productTag(slug)) },
  )();
}

/**
 * Every category, hidden ones too, in staff's order: catalog content, so a staff change (announced
 * under the catalog's tag) reaches the header, listings, sitemap and feeds of every instance.
 */
export const listShopCategories = unstable_cache(async () => listCategories(await getDb()), ["catalog-categories"], {
  tags: cachedUnder(catalogTag),
});

/** Where a renamed category's old slug leads now, or null. */
export const findNewCategorySlug = unstable_cache(
  async (slug: string) => findRenamedCategory(await getDb(), slug),
  ["catalog-renamed-category"],
  { tags: cachedUnder(catalogTag) },
);

/** A category's size chart for its product pages, until staff save it again. */
export function findSizeChart(category: CategorySlug) {
  return unstable_cache(async () => listSizeChart(await getDb(), category), ["catalog-size-chart", category], {
    tags: cachedUnder(catalogTag, sizeChartTag(category)),
  })();
}

/** Where a renamed product's old slug leads now, or null. */
export const findNewSlug = unstable_cache(
  async (slug: string) => findRenamedSlug(await getDb(), slug),
  ["catalog-renamed-slug"],
  { tags: cachedUnder(catalogTag) },
);

/**
 * A listing's page per category and normalised query (lib/catalog/search-params.ts): like search
 * results, each filtered page skips the database until the catalog changes.
 */
export const getCatalogPage = unstable_cache(
  async (category: CategorySlug | "all", query: ListingQuery) =>
    listCatalogPage(await getDb(), category === "all" ? undefined : category, query),
  ["catalog-listing"],
  { tags: cachedUnder(catalogTag) },
);

export const listCatalogUpdates = unstable_cache(async () => listProductUpdates(await getDb()), ["catalog-updates"], {
  tags: cachedUnder(catalogTag),
});

/** The shopping feeds' catalog: every published product with its pictures and variants on sale. */
export const listFeedCatalog = unstable_cache(async () => listFeedProducts(await getDb()), ["catalog-feed"], {
  tags: cachedUnder(catalogTag),
});

/** Google's product ratings feed's reviews: catalog content, expired with every review's publication. */
export const listFeedReviewsCached = unstable_cache(async () => listFeedReviews(await getDb()), ["catalog-feed-reviews"], {
  tags: cachedUnder(catalogTag),
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
    tags: cachedUnder(catalogTag),
  },
);
