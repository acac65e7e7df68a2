import { allCategories, shownCategories } from "@/lib/catalog/categories";
import { listShopCategories } from "@/lib/server/catalog-cache";
import type { SearchQuery } from "@/lib/catalog/search-params";

/**
 * A plain GET form to /search, so searching works before any JavaScript has loaded. On the
 * search page it shows the query searched for.
 */
export async function SearchForm({ query, className = "" }: { query?: SearchQuery; className?: string }) {
  const categories = shownCategories(await listShopCategories());
  return (
    <form action="/search" method="get" role="search" className={`flex min-w-0 ${className}`}>
      <label htmlFor="search-q" className="sr-only">
        Search products
      </label>
      <input
        id="search-q"
        type="search"
        name="q"
        defaultValue={query?.q}
        placeholder="Search"
        className="min-w-0 flex-1 rounded-l-md border border-stone-300 px-3 py-2 text-sm placeholder:text-stone-600"
      />
      <label htmlFor="search-category" className="sr-only">
        Category
      </label>
      <select
        id="search-category"
        name="category"
        defaultValue={query?.category ?? allCategories.slug}
        className="w-32 shrink-0 border-y border-stone-300 bg-stone-50 px-2 py-2 text-sm sm:w-36"
      >
        {[allCategories, ...categories].map((category) => (
          <option key={category.slug} value={category.slug}>
            {category.name}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className="shrink-0 rounded-r-md bg-green-800 px-4 py-2 text-sm font-semibold text-white hover:bg-green-900"
      >
        Search
      </button>
    </form>
  );
}
