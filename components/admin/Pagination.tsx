import Link from "next/link";

const pageLink = "rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm hover:bg-stone-100";

/** Previous, nearby and next pages of a back-office list; nothing when it fits on one page. */
export function Pagination({
  label,
  page,
  pageCount,
  href,
}: {
  label: string;
  page: number;
  pageCount: number;
  href: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const pages = [...new Set([1, page - 1, page, page + 1, pageCount])]
    .filter((shown) => shown >= 1 && shown <= pageCount)
    .sort((a, b) => a - b);
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 && (
          <li>
            <Link href={href(page - 1)} rel="prev" className={pageLink}>
              Previous
            </Link>
          </li>
        )}
        {pages.map((shown, index) => (
          <li key={shown} className="flex items-center gap-2">
            {index > 0 && shown - pages[index - 1] > 1 && <span aria-hidden="true">…</span>}
            {shown === page ? (
              <span aria-current="page" className="rounded-md bg-green-800 px-3 py-1.5 text-sm font-semibold text-white">
                {shown}
              </span>
            ) : (
              <Link href={href(shown)} aria-label={`Page ${shown}`} className={pageLink}>
                {shown}
              </Link>
            )}
          </li>
        ))}
        {page < pageCount && (
          <li>
            <Link href={href(page + 1)} rel="next" className={pageLink}>
              Next
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
