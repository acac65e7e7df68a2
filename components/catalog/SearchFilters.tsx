import { allCategories, type Category } from "@/lib/catalog/categories";
import type { SearchResult } from "@/lib/catalog/search";
import { searchHref, type SearchQuery } from "@/lib/catalog/search-params";
import { controlClass } from "@/components/ui/Field";
import { CatalogFilters } from "./CatalogFilters";

/** The listings' filters on /search, with the query's words kept and its category to choose. */
export function SearchFilters({
  query,
  result,
  categories,
}: {
  query: SearchQuery;
  result: SearchResult;
  categories: Category[];
}) {
  return (
    <CatalogFilters
      action="/search"
      query={query}
      options={result}
      sortLabel="label"
      href={(filters) => searchHref({ ...query, ...filters })}
    >
      {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
      <label className="text-sm font-semibold text-stone-900">
        Category
        <select name="category" defaultValue={query.category} className={`mt-1 block bg-white font-normal ${controlClass}`}>
          {[allCategories, ...categories].map((category) => (
            <option key={category.slug} value={category.slug}>
              {category.name}
            </option>
          ))}
        </select>
      </label>
    </CatalogFilters>
  );
}
