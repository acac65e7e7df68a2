import { ShopLink } from "@/components/ui/ShopLink";

/** Previous, numbered and next links through the pages of a listing or a search. */
export function Pagination({ page, pageCount, href }: { page: number; pageCount: number; href: (page: number) => string }) {
  if (pageCount <= 1) return null;
  const linkClass =
    "rounded-md border border-stone-300 px-3 py-1.5 hover:bg-stone-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-green-800";
  return (
    <nav aria-label="Pagination" className="mt-8">
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 ? (
          <li>
            <ShopLink href={href(page - 1)} rel="prev" className={linkClass}>
              Previous
            </ShopLink>
          </li>
        ) : null}
        {pagesAround(page, pageCount).map((shownPage, index, shown) => (
          <li key={shownPage} className="flex items-center gap-2">
            {index > 0 && shownPage - shown[index - 1] > 1 ? <span aria-hidden="true">…</span> : null}
            {shownPage === page ? (
              <span aria-current="page" className="rounded-md bg-green-800 px-3 py-1.5 font-semibold text-white">
                {shownPage}
              </span>
            ) : (
              <ShopLink href={href(shownPage)} aria-label={`Page ${shownPage}`} className={linkClass}>
                {shownPage}
              </ShopLink>
            )}
          </li>
        ))}
        {page < pageCount ? (
          <li>
            <ShopLink href={href(page + 1)} rel="next" className={linkClass}>
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
