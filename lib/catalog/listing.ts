import "server-only";
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { categories, products, variants } from "@/lib/db/schema";
import type { CategorySlug } from "./categories";
import { cardColumns, isPublished, type ProductCard } from "./queries";
import { isFiltered, type CatalogFilters, type ListingQuery, type SortOrder } from "./search-params";

export const listingPageSize = 24;

/** A filter's choice: the value in the URL and its label as the catalog spells it. */
export type FilterOption = { value: string; label: string };

/** One page of a listing or a search, with the exact number of matches and the filters' choices. */
export type CatalogPage = {
  products: ProductCard[];
  total: number;
  /** The page shown: the last one when the URL asked for a page past the end. */
  page: number;
  pageCount: number;
  /** The sizes (in their categories' order) and colours of what the listing holds before its filters. */
  sizes: FilterOption[];
  colours: FilterOption[];
  /** The filters as applied: sizes and colours the listing does not hold are dropped. */
  filters: CatalogFilters;
};

/**
 * A category's products, or every product, narrowed by `query`'s filters, sorted and paged:
 * filters of different kinds combine with AND, the values of one kind with OR.
 */
export async function listCatalogPage(
  db: Database,
  category: CategorySlug | undefined,
  query: ListingQuery,
): Promise<CatalogPage> {
  const scope = and(isPublished, category ? eq(products.category, category) : undefined)!;
  return findCatalogPage(db, scope, query, listingOrder(query.sort), listingPageSize);
}

/**
 * The page of the products in `scope` (a condition on `products`) that match `query`'s filters.
 * A product matches when one of its variants on sale has every filtered property at once (a black
 * hoodie in XL under KSh 3,500 is one variant), so size, colour, price and stock are one EXISTS.
 * One scan gives the page's ids and the count of every match (count(*) over ()); the cards'
 * own columns are read for the page's products only.
 */
export async function findCatalogPage(
  db: Database,
  scope: SQL,
  query: ListingQuery,
  order: SQL[],
  pageSize: number,
): Promise<CatalogPage> {
  const options = await filterOptions(db, scope);
  // In the options' order: sizes as their categories list them.
  const held = (chosen: string[], offered: FilterOption[]) =>
    offered.filter((option) => chosen.includes(option.value)).map((option) => option.value);
  const filters = { ...query, sizes: held(query.sizes, options.sizes), colours: held(query.colours, options.colours) };
  const where = and(scope, variantFilter(filters));
  let page = query.page;
  let found = await matchingPage(db, where, order, page, pageSize);
  if (found.total === 0 && page > 1) {
    // Past the last page, or nothing matches: one count tells which, then the last page is read.
    const [{ total }] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(products)
      .where(where);
    page = Math.max(1, Math.ceil(total / pageSize));
    if (total > 0) found = await matchingPage(db, where, order, page, pageSize);
  }
  return {
    products: found.products,
    total: found.total,
    page,
    pageCount: Math.max(1, Math.ceil(found.total / pageSize)),
    ...options,
    filters: {
      sizes: filters.sizes,
      colours: filters.colours,
      minPrice: filters.minPrice,
      maxPrice: filters.maxPrice,
      inStock: filters.inStock,
    },
  };
}

/** The order of a listing's products; ties broken by id so that pages never overlap. */
export function listingOrder(sort: SortOrder): SQL[] {
  switch (sort) {
    case "price-asc":
      return [asc(products.price), asc(products.id)];
    case "price-desc":
      return [desc(products.price), asc(products.id)];
    case "newest":
      return [desc(products.createdAt), desc(products.id)];
    case "name":
      return [asc(sql`lower(${products.name})`), asc(products.id)];
    case "relevance":
      return [asc(products.id)];
  }
}

/** The EXISTS that keeps products with a variant on sale matching every filter, or nothing unfiltered. */
function variantFilter(filters: CatalogFilters): SQL | undefined {
  if (!isFiltered(filters)) return undefined;
  const matching = and(
    // Spelled out: drizzle would leave the outer "products" qualifier off inside the subquery.
    sql`${variants.productId} = "products"."id"`,
    isNull(variants.archivedAt),
    filters.sizes.length ? inArray(variants.size, filters.sizes) : undefined,
    filters.colours.length ? inArray(sql`lower(${variants.colour})`, filters.colours) : undefined,
    filters.minPrice !== null ? sql`${variants.price} >= ${filters.minPrice}` : undefined,
    filters.maxPrice !== null ? sql`${variants.price} <= ${filters.maxPrice}` : undefined,
    filters.inStock ? sql`${variants.stock} > 0` : undefined,
  );
  return sql`exists (select 1 from ${variants} where ${matching})`;
}

async function matchingPage(db: Database, where: SQL | undefined, order: SQL[], page: number, pageSize: number) {
  const matches = db
    .select({ id: products.id, total: sql<number>`(count(*) over ())::int`.as("total") })
    .from(products)
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .as("matches");
  const rows = await db
    .select({ ...cardColumns, total: matches.total })
    .from(matches)
    .innerJoin(products, eq(products.id, matches.id))
    .orderBy(...order);
  return { products: rows.map(({ total: _total, ...card }) => card), total: rows[0]?.total ?? 0 };
}

/**
 * The sizes and colours on sale in the scope, whatever the filters: a shopper may widen as well as
 * narrow. Sizes in their categories' order (kids' then adults', lib/catalog/sizes.ts): by the
 * earliest place a category of the scope gives each.
 */
async function filterOptions(db: Database, scope: SQL): Promise<Pick<CatalogPage, "sizes" | "colours">> {
  const rows = await db
    .selectDistinct({
      size: variants.size,
      colour: variants.colour,
      rank: sql<number | null>`array_position(${categories.kidsSizes} || ${categories.adultSizes}, ${variants.size})`,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(categories, eq(categories.slug, products.category))
    .where(and(scope, isNull(variants.archivedAt)));
  const ranks = new Map<string, number>();
  for (const { size, rank } of rows) if (size) ranks.set(size, Math.min(ranks.get(size) ?? Infinity, rank ?? Infinity));
  const sizes = [...ranks.keys()].sort((a, b) => ranks.get(a)! - ranks.get(b)! || a.localeCompare(b));
  const colours = new Map<string, string>();
  for (const row of rows) if (row.colour) colours.set(row.colour.toLowerCase(), row.colour);
  return {
    sizes: sizes.map((size) => ({ value: size, label: size })),
    colours: [...colours].sort(([a], [b]) => a.localeCompare(b)).map(([value, label]) => ({ value, label })),
  };
}
