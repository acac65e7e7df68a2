import { ShopLink } from "@/components/ui/ShopLink";
import { categoryName, type Category } from "@/lib/catalog/categories";
import type { SearchResult } from "@/lib/catalog/search";
import { searchHref, type SearchQuery } from "@/lib/catalog/search-params";
import { Pagination } from "./Pagination";
import { ProductGrid } from "./ProductGrid";
import { ResultCount } from "./ResultCount";
import { SearchFilters } from "./SearchFilters";

type Props = { query: SearchQuery; result: SearchResult; categories: Category[] };

/**
 * The /search page: heading, result count, the filters beside the results and pages, or
 * suggestions; `categories` are the shown ones, to choose from and browse.
 */
export function SearchResults({ query, result, categories }: Props) {
  const shown: SearchQuery = { ...query, ...result.filters, page: result.page };
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="text-2xl font-bold tracking-tight text-stone-900">{searchTitle(query, categories)}</h1>
      <ResultCount total={result.total} page={result.page} pageCount={result.pageCount} className="mt-1 text-stone-700" />
      {result.correctedQuery && result.total > 0 ? (
        <p className="mt-1 text-stone-700">
          Showing results for “<strong className="font-semibold">{result.correctedQuery}</strong>”.
        </p>
      ) : null}
      <div className="mt-5 flex flex-col gap-6 md:flex-row">
        <aside aria-label="Filters" className="md:w-52 md:shrink-0">
          <SearchFilters query={shown} result={result} categories={categories} />
        </aside>
        <div className="min-w-0 flex-1">
          {result.total > 0 ? (
            <>
              <h2 className="sr-only">Search results</h2>
              <ProductGrid products={result.products} label="Search results" />
              <Pagination page={result.page} pageCount={result.pageCount} href={(page) => searchHref({ ...shown, page })} />
            </>
          ) : (
            <EmptyState query={query} categories={categories} />
          )}
        </div>
      </div>
    </div>
  );
}

/** The page's heading, also used for its title. */
export function searchTitle(query: SearchQuery, categories: readonly Category[]): string {
  if (query.q) return `Results for “${query.q}”`;
  return query.category === "all" ? "All products" : categoryName(categories, query.category);
}

function EmptyState({ query, categories }: Omit<Props, "result">) {
  return (
    <section aria-labelledby="empty-heading" className="rounded-lg border border-stone-200 bg-white p-6">
      <h2 id="empty-heading" className="text-lg font-semibold text-stone-900">
        No products match “{query.q}”{query.category === "all" ? "" : ` in ${categoryName(categories, query.category)}`}
      </h2>
      <p className="mt-2 text-stone-800">Check the spelling, try a shorter or more general word, or browse instead:</p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {query.category === "all" ? null : (
          <li>
            <ShopLink href={searchHref({ ...query, category: "all", page: 1 })} className="underline underline-offset-2">
              Search all categories
            </ShopLink>
          </li>
        )}
        {categories.map((category) => (
          <li key={category.slug}>
            <ShopLink
              href={`/categories/${category.slug}`}
              className="rounded-full border border-stone-300 px-3 py-1 hover:bg-stone-100"
            >
              {category.name}
            </ShopLink>
          </li>
        ))}
        <li>
          <ShopLink href="/products" className="rounded-full border border-stone-300 px-3 py-1 hover:bg-stone-100">
            All products
          </ShopLink>
        </li>
      </ul>
    </section>
  );
}
