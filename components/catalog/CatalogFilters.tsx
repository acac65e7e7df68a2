import type { ReactNode } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { controlClass } from "@/components/ui/Field";
import { filterChips } from "@/lib/catalog/filter-chips";
import type { FilterOption } from "@/lib/catalog/listing";
import { defaultListingQuery, filterLabels, sortOptions, type ListingQuery } from "@/lib/catalog/search-params";

type Props = {
  /** Where the form goes: the listing's own path, or /search. */
  action: string;
  /** The query as applied (its sort and filters are shown checked). */
  query: ListingQuery;
  options: { sizes: FilterOption[]; colours: FilterOption[] };
  /** Listings call the default sort 'Featured', search 'Relevance'. */
  sortLabel: "label" | "listingLabel";
  /** The URL of this page with other filters (a listing's or a search's own URL for them). */
  href: (query: ListingQuery) => string;
  /** Fields of the caller's own (search's words and category), first in the form. */
  children?: ReactNode;
};

const checkClass = "size-4 accent-green-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-green-800";

/**
 * Size, colour, price, stock and sort as one plain GET form with an Apply button, so it works
 * without JavaScript; proxy.ts answers its submission with the normalised URL. On a phone it is a
 * closed disclosure; from `md` up its content is always shown as a sidebar. The applied filters
 * stay in sight below it as links, each removing one, so a phone's closed panel still shows them.
 */
export function CatalogFilters({ action, query, options, sortLabel, href, children }: Props) {
  return (
    <>
      <details
        data-testid="filters"
        className="rounded-lg border border-stone-200 bg-white md:border-0 md:bg-transparent md:[&::details-content]:[content-visibility:visible]"
      >
        <summary className="cursor-pointer px-4 py-3 font-semibold text-stone-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-green-800 md:hidden">
          {filterLabels.panel}
        </summary>
        <form action={action} method="get" aria-label="Refine results" className="flex flex-col gap-5 px-4 pb-4 md:px-0">
          {children}
          {options.sizes.length > 0 ? (
            <Checkboxes name="size" legend={filterLabels.size} options={options.sizes} checked={query.sizes} />
          ) : null}
          {options.colours.length > 0 ? (
            <Checkboxes name="colour" legend={filterLabels.colour} options={options.colours} checked={query.colours} />
          ) : null}
          <fieldset>
            <legend className="mb-1 text-sm font-semibold text-stone-900">{filterLabels.price}</legend>
            <div className="flex gap-2">
              <PriceField name="min" label={filterLabels.minPrice} value={query.minPrice} />
              <PriceField name="max" label={filterLabels.maxPrice} value={query.maxPrice} />
            </div>
          </fieldset>
          <label className="flex items-center gap-2 text-sm text-stone-900">
            <input type="checkbox" name="stock" value="in" defaultChecked={query.inStock} className={checkClass} />
            {filterLabels.inStock}
          </label>
          <label className="text-sm font-semibold text-stone-900">
            {filterLabels.sort}
            <select name="sort" defaultValue={query.sort} className={`mt-1 block bg-white font-normal ${controlClass}`}>
              {sortOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option[sortLabel]}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={`self-start ${buttonStyles.primary}`}>
            {filterLabels.apply}
          </button>
        </form>
      </details>
      <AppliedFilters query={query} colours={options.colours} href={href} />
    </>
  );
}

/** The applied filters as links that each remove one, their count, and 'Clear filters' (the sort stays). */
function AppliedFilters({ query, colours, href }: { query: ListingQuery; colours: FilterOption[]; href: Props["href"] }) {
  const chips = filterChips(query, colours);
  if (chips.length === 0) return null;
  return (
    <section aria-labelledby="applied-filters-heading" className="mt-3 px-4 md:px-0">
      <h2 id="applied-filters-heading" className="text-sm font-semibold text-stone-900">
        {filterLabels.applied(chips.length)}
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.label}>
            <a
              href={href(chip.without)}
              aria-label={filterLabels.remove(chip.label)}
              className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-green-800 bg-green-50 px-3 text-sm text-stone-900 hover:bg-green-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800"
            >
              {chip.label}
              <span aria-hidden="true">×</span>
            </a>
          </li>
        ))}
      </ul>
      <a
        href={href({ ...defaultListingQuery, sort: query.sort })}
        className="mt-3 inline-block text-sm text-stone-800 underline underline-offset-2"
      >
        {filterLabels.clear}
      </a>
    </section>
  );
}

function Checkboxes({
  name,
  legend,
  options,
  checked,
}: {
  name: string;
  legend: string;
  options: FilterOption[];
  checked: string[];
}) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-semibold text-stone-900">{legend}</legend>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 md:flex-col">
        {options.map((option) => (
          <li key={option.value}>
            <label className="flex items-center gap-2 text-sm text-stone-900">
              <input
                type="checkbox"
                name={name}
                value={option.value}
                defaultChecked={checked.includes(option.value)}
                className={checkClass}
              />
              {option.label}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function PriceField({ name, label, value }: { name: string; label: string; value: number | null }) {
  return (
    <label className="flex-1 text-sm text-stone-900">
      {label}
      <input
        type="number"
        name={name}
        min={0}
        step={1}
        inputMode="numeric"
        defaultValue={value ?? ""}
        className={`mt-1 block ${controlClass}`}
      />
    </label>
  );
}
