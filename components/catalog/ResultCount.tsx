/** 'N products' (and the page, when there are several): a live region, so a change is announced. */
export function ResultCount({
  total,
  page,
  pageCount,
  className,
}: {
  total: number;
  page: number;
  pageCount: number;
  className: string;
}) {
  return (
    <p role="status" className={className}>
      {total === 1 ? "1 product" : `${total.toLocaleString("en-KE")} products`}
      {pageCount > 1 ? `, page ${page} of ${pageCount}` : ""}
    </p>
  );
}
