import { formatAverage, type Rating } from "@/lib/catalog/ratings";
import { reviewCount } from "@/lib/reviews/labels";

/** "4.6 ★ (23 reviews)" beside a product's price, leading to its reviews; nothing without one. */
export function RatingSummary({ rating, href }: { rating: Rating | null; href: string }) {
  if (!rating) return null;
  return (
    <a
      href={href}
      data-testid="rating-summary"
      className="mt-2 inline-block rounded text-stone-800 underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-green-800"
    >
      <span className="sr-only">Rated </span>
      {formatAverage(rating.tenths)} <span aria-hidden="true">★</span>
      <span className="sr-only"> out of 5</span> ({reviewCount(rating.count)})
    </a>
  );
}

/** A product card's small star average with its count; nothing without a review. */
export function CardRating({ rating }: { rating: Rating | null }) {
  if (!rating) return null;
  return (
    <p data-testid="card-rating" className="mt-1 text-sm text-stone-700">
      <span aria-hidden="true" className="text-amber-700">
        ★
      </span>{" "}
      <span className="sr-only">Rated </span>
      {formatAverage(rating.tenths)}
      <span className="sr-only"> out of 5 from</span> ({reviewCount(rating.count)})
    </p>
  );
}
