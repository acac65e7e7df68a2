import { Pagination } from "@/components/catalog/Pagination";
import { formatAverage } from "@/lib/catalog/ratings";
import { formatOrderDate } from "@/lib/orders/format";
import { reviewCount, starsDrawn, starsLabel } from "@/lib/reviews/labels";
import type { ReviewPage } from "@/lib/reviews/product-reviews";
import { site } from "@/lib/site";

/** Where page `page` of a product's reviews lives: the first on the product page itself. */
export const reviewPagePath = (slug: string, page: number) =>
  page === 1 ? `/products/${slug}#reviews` : `/products/${slug}/reviews/${page}`;

/**
 * A product's published reviews: the average and how many of each star, one page of reviews (newest
 * first) with the size bought, the date and the shop's reply, and plain links to the other pages.
 * React escapes every text; nothing here needs JavaScript.
 */
export function ProductReviews({ slug, reviews }: { slug: string; reviews: ReviewPage }) {
  const { summary } = reviews;
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-12">
      <h2 id="reviews-heading" className="text-xl font-semibold text-stone-900">
        Reviews
      </h2>
      {summary.count === 0 ? (
        <p className="mt-2 text-stone-700">No reviews yet. Only buyers can review, from their order&apos;s page.</p>
      ) : (
        <div className="mt-4 grid gap-8 md:grid-cols-[16rem_1fr]">
          <div>
            <p className="text-stone-900">
              <span className="text-3xl font-bold">{formatAverage(summary.tenths)}</span> out of 5 · {reviewCount(summary.count)}
            </p>
            <table className="mt-3 w-full text-sm text-stone-800">
              <caption className="sr-only">Reviews by stars</caption>
              <tbody>
                {summary.distribution.map(({ stars, count }) => (
                  <tr key={stars}>
                    <th scope="row" className="whitespace-nowrap py-0.5 pr-2 text-left font-normal">
                      {stars} <span aria-hidden="true">★</span>
                      <span className="sr-only">{stars === 1 ? " star" : " stars"}</span>
                    </th>
                    <td className="w-full py-0.5">
                      <div aria-hidden="true" className="h-2 rounded bg-stone-200">
                        <div
                          className="h-2 rounded bg-amber-600"
                          style={{ width: `${Math.round((count * 100) / summary.count)}%` }}
                        />
                      </div>
                    </td>
                    <td className="py-0.5 pl-2 text-right" data-testid={`stars-${stars}`}>
                      {count}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div>
            <ol className="flex flex-col gap-6">
              {reviews.reviews.map((review) => (
                <li key={review.id} id={`review-${review.id}`} data-testid="review" className="border-b border-stone-200 pb-4">
                  <p className="text-amber-800">
                    <span aria-hidden="true">{starsDrawn(review.rating)}</span>
                    <span className="sr-only">{starsLabel(review.rating)}</span>
                  </p>
                  {review.title && <h3 className="mt-1 font-semibold text-stone-900">{review.title}</h3>}
                  {review.body && <p className="mt-1 whitespace-pre-line text-stone-800">{review.body}</p>}
                  <p className="mt-2 text-sm text-stone-700">
                    {review.authorName} · verified buyer · {formatOrderDate(new Date(review.createdAt))}
                    {review.sizeBought && ` · Bought: ${review.sizeBought}`}
                  </p>
                  {review.reply && (
                    <div className="mt-3 rounded-md bg-stone-100 p-3 text-sm text-stone-800" data-testid="review-reply">
                      <p className="font-semibold">Reply from {site.name}</p>
                      <p className="mt-1 whitespace-pre-line">{review.reply}</p>
                    </div>
                  )}
                </li>
              ))}
            </ol>
            <Pagination page={reviews.page} pageCount={reviews.pageCount} href={(page) => reviewPagePath(slug, page)} />
          </div>
        </div>
      )}
    </section>
  );
}
