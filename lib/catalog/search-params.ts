import { isCategorySlug, type CategorySlug } from "./categories";
import { clampWholeNumber } from "../core/whole-number";

export const sortOptions = [
  { value: "relevance", label: "Relevance" },
  { value: "price-asc", label: "Price: low to high" },
  { value: "price-desc", label: "Price: high to low" },
  { value: "newest", label: "Newest" },
] as const;

export type SortOrder = (typeof sortOptions)[number]["value"];

/** A search the shop can always run: every field valid, whatever the URL held. */
export type SearchQuery = { q: string; category: CategorySlug | "all"; sort: SortOrder; page: number };

export const maxQueryLength = 100;
export const maxPage = 1000;

type RawParams = Record<string, string | string[] | undefined>;

/**
 * Turns any search URL parameters into a safe, normalised query: the first of repeated
 * values, control characters (NUL included) stripped, the text trimmed to a sane length,
 * unknown categories and sorts replaced by the defaults, the page clamped to 1…maxPage.
 */
export function parseSearchParams(params: RawParams): SearchQuery {
  const q = cleanText(first(params.q));
  const category = first(params.category);
  const sort = first(params.sort);
  return {
    q,
    category: isCategorySlug(category) ? category : "all",
    sort: sortOptions.some((option) => option.value === sort) ? (sort as SortOrder) : "relevance",
    page: parsePage(first(params.page)),
  };
}

/** parseSearchParams for a URL's parameters, repeated ones included. */
export function parseSearchUrl(params: URLSearchParams): SearchQuery {
  return parseSearchParams(Object.fromEntries([...params.keys()].map((key) => [key, params.getAll(key)])));
}

/** The /search URL of a query, leaving out default values so shared links stay short. */
export function searchHref(query: SearchQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category !== "all") params.set("category", query.category);
  if (query.sort !== "relevance") params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `/search?${search}` : "/search";
}

/**
 * Names the cached render of a query (proxy.ts puts it in this request header, and next.config.ts
 * rewrites /search to /search/<key>): every field spelt out, in one base64url segment that no
 * layer re-encodes or decodes, so that each distinct search has exactly one cached render.
 */
export const searchKeyHeader = "x-search-key";

export function searchKey(query: SearchQuery): string {
  const fields = new URLSearchParams({ q: query.q, category: query.category, sort: query.sort, page: String(query.page) });
  const binary = Array.from(new TextEncoder().encode(fields.toString()), (byte) => String.fromCharCode(byte)).join("");
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The query of a searchKey; any other text gives a valid query too. */
export function parseSearchKey(key: string): SearchQuery {
  let text = "";
  try {
    const binary = atob(key.replace(/-/g, "+").replace(/_/g, "/"));
    text = new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    // Not base64: the defaults.
  }
  return parseSearchUrl(new URLSearchParams(text));
}

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

function cleanText(value: string): string {
  const printable = value.replace(/[\u0000-\u001f\u007f]/g, " ");
  return Array.from(printable.replace(/\s+/g, " ").trim()).slice(0, maxQueryLength).join("").trim();
}

function parsePage(value: string): number {
  return clampWholeNumber(value.trim(), { min: 1, max: maxPage }, 1);
}
