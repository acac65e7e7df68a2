import { ShopLink } from "@/components/ui/ShopLink";
import { searchHref, type SearchQuery } from "@/lib/catalog/search-params";

/** Previous, numbered and next links through the pages of a search. */
export function Pagination({ query, pageCount }: { query: SearchQuery; pageCount: number }) {
  if (pageCount <= 1) return null;
  const href = (page: number) => searchHref({ ...query, page });
  const linkClass =
    "rounded-md border border-stone-300 px-3 py-1.5 hover:bg-stone-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-green-800";
  return (
    <nav aria-label="Pagination" className="mt-8">
      <ul className="flex flex-wrap items-center gap-2">
        {query.page > 1 ? (
          <li>
            <ShopLink href={href(query.page - 1)} rel="prev" className={linkClass}>
              Previous
            </ShopLink>
          </li>
        ) : null}
        {pagesAround(query.page, pageCount).map((page, index, shown) => (
          <li key={page} className="flex items-center gap-2">
            {index > 0 && page - shown[index - 1] > 1 ? <span aria-hidden="true">…</span> : null}
            {page === query.page ? (
              <span aria-current="page" className="rounded-md bg-green-800 px-3 py-1.5 font-semibold text-white">
                {page}
              </span>
            ) : (
              <ShopLink href={href(page)} aria-label={`Page ${page}`} className={linkClass}>
                {page}
              </ShopLink>
            )}
          </li>
        ))}
        {query.page < pageCount ? (
          <li>
            <ShopLink href={href(query.page + 1)} rel="next" className={linkClass}>
              Next
            </ShopLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** The first, last and nearby pages: a short list however long the results. */
function pagesAround(current: number, pageCount: number): number[] {
  const pages = [1, current - 2, current - 1, current, current + 1, current + 2, pageCount];
  return [...new Set(pages)].filter((page) => page >= 1 && page <= pageCount).sort((a, b) => a - b);
}
