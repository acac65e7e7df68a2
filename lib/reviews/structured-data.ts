import { formatAverage } from "@/lib/catalog/ratings";
import type { PublishedReview, ReviewSummary } from "./product-reviews";

/** How many reviews a product's JSON-LD carries: the newest. */
export const JSON_LD_REVIEWS = 10;

/**
 * The Product JSON-LD's `aggregateRating` and `review` items (schema.org, as Google's review snippets
 * read them), or nothing at all without a published review: an empty rating is an error to Google.
 * Only published text reaches it (the reviews are read through visibleReview).
 */
export function reviewStructuredData(summary: ReviewSummary, newest: PublishedReview[]) {
  if (summary.count === 0) return {};
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: formatAverage(summary.tenths),
      reviewCount: summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: newest.slice(0, JSON_LD_REVIEWS).map((review) => ({
      "@type": "Review",
      author: { "@type": "Person", name: review.authorName },
      datePublished: review.createdAt.slice(0, 10),
      ...(review.title && { name: review.title }),
      ...(review.body && { reviewBody: review.body }),
      reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}
