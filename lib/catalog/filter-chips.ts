import type { FilterOption } from "./listing";
import { formatKsh } from "./price";
import { filterLabels, type ListingQuery } from "./search-params";

/** One applied filter as the shopper reads it, and the query without it (back on the first page). */
export type FilterChip = { label: string; without: ListingQuery };

/**
 * The filters a query applies, one chip per size, colour, price bound and 'In stock only', in the
 * form's order. Colours take the listing's own label ('Navy'); the sort is not a filter.
 */
export function filterChips(query: ListingQuery, colours: FilterOption[]): FilterChip[] {
  const first = { ...query, page: 1 };
  const colourLabel = (value: string) => colours.find((option) => option.value === value)?.label ?? value;
  return [
    ...query.sizes.map((size) => ({
      label: `${filterLabels.size} ${size}`,
      without: { ...first, sizes: query.sizes.filter((other) => other !== size) },
    })),
    ...query.colours.map((colour) => ({
      label: colourLabel(colour),
      without: { ...first, colours: query.colours.filter((other) => other !== colour) },
    })),
    ...(query.minPrice === null ? [] : [{ label: `From ${formatKsh(query.minPrice)}`, without: { ...first, minPrice: null } }]),
    ...(query.maxPrice === null ? [] : [{ label: `Up to ${formatKsh(query.maxPrice)}`, without: { ...first, maxPrice: null } }]),
    ...(query.inStock ? [{ label: filterLabels.inStock, without: { ...first, inStock: false } }] : []),
  ];
}
