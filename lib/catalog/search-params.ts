import { z } from "zod";
import { cleanSize } from "./sizes";
import { findCategory, type Category, type CategorySlug } from "./categories";
import { isSlug } from "../core/slugs";
import { clampWholeNumber, parseWholeNumber } from "../core/whole-number";

/**
 * Every sort a listing or a search offers, with its one label. 'relevance' is the default: the
 * best matches first in a search, the catalog's own order on a category page ('Featured').
 */
export const sortOptions = [
  { value: "relevance", label: "Relevance", listingLabel: "Featured" },
  { value: "newest", label: "Newest", listingLabel: "Newest" },
  { value: "price-asc", label: "Price: low to high", listingLabel: "Price: low to high" },
  { value: "price-desc", label: "Price: high to low", listingLabel: "Price: high to low" },
  { value: "name", label: "Name", listingLabel: "Name" },
] as const;

export type SortOrder = (typeof sortOptions)[number]["value"];

/** The filters' labels, shared by the form, its legends and the tests. */
export const filterLabels = {
  panel: "Filters",
  size: "Size",
  colour: "Colour",
  price: "Price (KSh)",
  minPrice: "Minimum price",
  maxPrice: "Maximum price",
  inStock: "In stock only",
  sort: "Sort by",
  apply: "Apply",
  clear: "Clear filters",
  applied: (count: number) => (count === 1 ? "1 filter applied" : `${count} filters applied`),
  remove: (chip: string) => `Remove filter: ${chip}`,
} as const;

/** What narrows a listing or a search, beside its sort and page. Every field is always valid. */
export type CatalogFilters = {
  /** Upper-case sizes, each once, in the alphabet's order (one URL per choice); a product matches any of them. */
  sizes: string[];
  /** Lower-case colour names, sorted; a product matches any of them. */
  colours: string[];
  /** Whole shillings, both ends included; minPrice ≤ maxPrice when both are set. */
  minPrice: number | null;
  maxPrice: number | null;
  inStock: boolean;
};

/** A listing's (category page, /products) query: the filters, a sort and a page. */
export type ListingQuery = CatalogFilters & { sort: SortOrder; page: number };

/** A search the shop can always run: every field valid, whatever the URL held. */
export type SearchQuery = ListingQuery & { q: string; category: CategorySlug | "all" };

export const maxQueryLength = 100;
export const maxPage = 1000;
export const maxPrice = 1_000_000;
/** More values than any listing offers are someone else's URL: the first ones are kept. */
const maxValuesPerFilter = 20;

type RawParams = Record<string, string | string[] | undefined>;

const text = (clean: (value: string) => string) =>
  z
    .unknown()
    .optional()
    .transform((value) => clean(first(value)));
const list = (clean: (value: string) => string | null, order: (a: string, b: string) => number) =>
  z
    .unknown()
    .optional()
    .transform((value) => {
      const values = (Array.isArray(value) ? value : [value]).flatMap((item) => (typeof item === "string" ? [clean(item)] : []));
      return [...new Set(values.filter((item): item is string => item !== null))].slice(0, maxValuesPerFilter).sort(order);
    });
const shillings = z
  .unknown()
  .optional()
  .transform((value) => parseWholeNumber(first(value).trim(), { min: 0, max: maxPrice }));

/**
 * The one schema of every catalog URL's parameters (search, category pages, /products). Each field
 * takes any input and gives a valid value, so parsing never throws: the first of repeated values
 * (a list for sizes and colours), control characters stripped, unknown values dropped, numbers
 * clamped, a reversed price range swapped.
 */
export const catalogParamsSchema = z
  .object({
    q: text(cleanText),
    // Any slug's shape (the stored list is not read here, in proxy.ts); one no shown category has finds nothing.
    category: text((value) => value).transform((value): CategorySlug | "all" => (isSlug(value) ? value : "all")),
    size: list(cleanSize, (a, b) => a.localeCompare(b)),
    colour: list(cleanColour, (a, b) => a.localeCompare(b)),
    min: shillings,
    max: shillings,
    stock: text((value) => value).transform((value) => value === "in"),
    sort: text((value) => value).transform((value) => sortOptions.find((option) => option.value === value)?.value ?? "relevance"),
    page: text((value) => value).transform((value) => clampWholeNumber(value.trim(), { min: 1, max: maxPage }, 1)),
  })
  .transform(({ q, category, size, colour, min, max, stock, sort, page }): SearchQuery => {
    const [minPrice, maxPrice] = min !== null && max !== null && min > max ? [max, min] : [min, max];
    return { q, category, sizes: size, colours: colour, minPrice, maxPrice, inStock: stock, sort, page };
  });

/** Turns any catalog URL parameters into a safe, normalised query. */
export function parseSearchParams(params: RawParams): SearchQuery {
  return catalogParamsSchema.parse(params);
}

/** parseSearchParams for a URL's parameters, repeated ones included. */
export function parseSearchUrl(params: URLSearchParams): SearchQuery {
  return parseSearchParams(Object.fromEntries([...params.keys()].map((key) => [key, params.getAll(key)])));
}

/** The defaults: an unfiltered listing's first page in catalog order. */
export const defaultListingQuery: ListingQuery = {
  sizes: [],
  colours: [],
  minPrice: null,
  maxPrice: null,
  inStock: false,
  sort: "relevance",
  page: 1,
};

/** The default search: every product in catalog order. */
export const defaultSearchQuery: SearchQuery = { ...defaultListingQuery, q: "", category: "all" };

/** The parameters a listing's URL may carry; any other parameter is not the listing's. */
export const listingParamNames = ["size", "colour", "min", "max", "stock", "sort", "page"] as const;

/** A listing's parameters in their fixed order, defaults left out: one URL per combination. */
export function listingParams(query: ListingQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const size of query.sizes) params.append("size", size);
  for (const colour of query.colours) params.append("colour", colour);
  if (query.minPrice !== null) params.set("min", String(query.minPrice));
  if (query.maxPrice !== null) params.set("max", String(query.maxPrice));
  if (query.inStock) params.set("stock", "in");
  if (query.sort !== "relevance") params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  return params;
}

/** The listing at `path` (/products, /categories/…) narrowed by `query`: its one normalised URL. */
export function listingHref(path: string, query: ListingQuery): string {
  const search = listingParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/** Whether a listing shows anything but its unfiltered first page (then it is noindex). */
export function isRefined(query: ListingQuery): boolean {
  return listingParams(query).size > 0;
}

/** Whether any filter (not the sort or page) narrows the results. */
export function isFiltered(query: CatalogFilters): boolean {
  return (
    query.sizes.length > 0 || query.colours.length > 0 || query.minPrice !== null || query.maxPrice !== null || query.inStock
  );
}

/** The /search URL of a query, leaving out default values so shared links stay short. */
export function searchHref(query: SearchQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category !== "all") params.set("category", query.category);
  for (const [name, value] of listingParams(query)) params.append(name, value);
  const search = params.toString();
  return search ? `/search?${search}` : "/search";
}

/**
 * Names the cached render of a query (proxy.ts puts it in this request header, and next.config.ts
 * rewrites the request to /search/<key>, or a listing's to /categories/<slug>/<key>): the
 * normalised parameters in one base64url segment that no layer re-encodes or decodes, so that
 * each distinct query has exactly one cached render.
 */
export const searchKeyHeader = "x-search-key";
export const listingKeyHeader = "x-listing-key";

export function searchKey(query: SearchQuery): string {
  // Every field spelt out, so that even the default search has a non-empty key.
  const fields = new URLSearchParams({ q: query.q, category: query.category, sort: query.sort, page: String(query.page) });
  for (const [name, value] of listingParams({ ...query, sort: "relevance", page: 1 })) fields.append(name, value);
  return encodeKey(fields.toString());
}

/** The key of a refined listing (isRefined); the category is the path's. */
export function listingKey(query: ListingQuery): string {
  return encodeKey(listingParams(query).toString());
}

/** The query of a searchKey or listingKey; any other text gives a valid query too. */
export function parseSearchKey(key: string): SearchQuery {
  let decoded = "";
  try {
    const binary = atob(key.replace(/-/g, "+").replace(/_/g, "/"));
    decoded = new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    // Not base64: the defaults.
  }
  return parseSearchUrl(new URLSearchParams(decoded));
}

/** A listing's part of a query: what a category page shows, whatever else the URL held. */
export function listingQueryOf({ sizes, colours, minPrice, maxPrice, inStock, sort, page }: ListingQuery): ListingQuery {
  return { sizes, colours, minPrice, maxPrice, inStock, sort, page };
}

function encodeKey(value: string): string {
  const binary = Array.from(new TextEncoder().encode(value), (byte) => String.fromCharCode(byte)).join("");
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function first(value: unknown): string {
  const one = Array.isArray(value) ? value[0] : value;
  return typeof one === "string" ? one : "";
}

function cleanText(value: string): string {
  const printable = value.replace(/[\u0000-\u001f\u007f]/g, " ");
  return Array.from(printable.replace(/\s+/g, " ").trim()).slice(0, maxQueryLength).join("").trim();
}

/** A colour name in lower case with single spaces ('heather grey'), or null. */
function cleanColour(value: string): string | null {
  const colour = value.trim().replace(/\s+/g, " ").toLowerCase();
  return /^[a-z][a-z -]{0,29}$/.test(colour) ? colour : null;
}

/** A query whose category is not among the shown `categories` (renamed, hidden, never was) searches all of them. */
export function withShownCategory(query: SearchQuery, categories: readonly Category[]): SearchQuery {
  return query.category === "all" || findCategory(categories, query.category) ? query : { ...query, category: "all" };
}
