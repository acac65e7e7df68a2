import type { ReviewableLine } from "@/lib/reviews/post-review";
import { reviewStatusLabels, starsLabel } from "@/lib/reviews/labels";
import { ReviewForm } from "./ReviewForm";

/** A delivered order's items to review: each one's form, or what its review says once written. */
export function OrderReviews({ number, linkKey, lines }: { number: string; linkKey?: string; lines: ReviewableLine[] }) {
  if (lines.length === 0) return null;
  return (
    <section
      id="reviews"
      aria-labelledby="reviews-title"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      <h2 id="reviews-title" className="mb-2 text-lg font-semibold text-stone-900">
        Review your items
      </h2>
      <ul className="flex flex-col gap-4">
        {lines.map((line) => (
          <li key={line.id} data-testid="review-line">
            <ReviewForm
              number={number}
              linkKey={linkKey}
              line={{ id: line.id, name: line.name }}
              written={
                line.review &&
                `${line.name}: you gave ${starsLabel(line.review.rating)} · ${reviewStatusLabels[line.review.status]}`
              }
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
