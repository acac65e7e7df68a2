import { buttonStyles } from "@/components/ui/button-styles";
import { allCategories, categories } from "@/lib/catalog/categories";
import { sortOptions, type SearchQuery } from "@/lib/catalog/search-params";

/** Category and sort for the current search: a plain GET form, so it works without JavaScript. */
export function SearchControls({ query }: { query: SearchQuery }) {
  const selectClass = "mt-1 block rounded-md border border-stone-400 bg-white px-2 py-2 text-base text-stone-900";
  return (
    <form action="/search" method="get" aria-label="Refine results" className="flex flex-wrap items-end gap-3">
      {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
      <label className="text-sm font-medium text-stone-900">
        Category
        <select name="category" defaultValue={query.category} className={selectClass}>
          {[allCategories, ...categories].map((category) => (
            <option key={category.slug} value={category.slug}>
              {category.label}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-stone-900">
        Sort by
        <select name="sort" defaultValue={query.sort} className={selectClass}>
          {sortOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonStyles.primary}>
        Apply
      </button>
    </form>
  );
}
