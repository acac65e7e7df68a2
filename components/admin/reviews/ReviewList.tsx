import Link from "next/link";
import { SelectField } from "@/components/ui/SelectField";
import { buttonStyles } from "@/components/ui/button-styles";
import { backOfficeSections } from "@/lib/admin/sections";
import { reviewStatuses } from "@/lib/db/values";
import { formatOrderDate } from "@/lib/orders/format";
import { staffOrderPath } from "@/lib/orders/staff-filters";
import { STARS, reviewStatusLabels, starsLabel } from "@/lib/reviews/labels";
import type { StaffReview } from "@/lib/reviews/moderate";
import type { ReviewFilters } from "@/lib/reviews/rules";
import { cardClass, linkClass } from "../styles";
import { ReviewSteps } from "./ReviewSteps";

/** The back office's reviews, newest first, filtered by status and stars, each with its steps. */
export function ReviewList({
  reviews,
  filters,
  shownAtMost,
}: {
  reviews: StaffReview[];
  filters: ReviewFilters;
  shownAtMost: number;
}) {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-stone-900">Reviews</h1>
      <form
        method="get"
        action={backOfficeSections.reviews.path}
        aria-label="Filter reviews"
        className="flex flex-wrap items-end gap-3"
      >
        <SelectField
          name="status"
          label="Status"
          placeholder={{ value: "", label: "All" }}
          options={reviewStatuses.map((status) => ({ value: status, label: reviewStatusLabels[status] }))}
          defaultValue={filters.status ?? ""}
          required={false}
        />
        <SelectField
          name="stars"
          label="Stars"
          placeholder={{ value: "", label: "All" }}
          options={STARS.map((stars) => ({ value: String(stars), label: starsLabel(stars) }))}
          defaultValue={filters.stars ? String(filters.stars) : ""}
          required={false}
        />
        <button type="submit" className={buttonStyles.primary}>
          Filter
        </button>
      </form>
      {reviews.length === 0 && <p className="text-stone-700">No reviews match.</p>}
      {reviews.length === shownAtMost && (
        <p className="text-stone-700">The newest {shownAtMost} are shown: filter to see others.</p>
      )}
      {reviews.map((review) => (
        <section
          key={review.id}
          aria-labelledby={`review-${review.id}-title`}
          data-testid="review-row"
          className={`${cardClass} flex flex-col gap-2`}
        >
          <h2 id={`review-${review.id}-title`} className="text-lg font-semibold text-stone-900">
            {starsLabel(review.rating)} for{" "}
            <Link href={`/products/${review.productSlug}`} className={linkClass}>
              {review.productName}
            </Link>
          </h2>
          <p className="text-stone-700">
            {review.authorName} · {formatOrderDate(review.createdAt)} · order{" "}
            <Link href={staffOrderPath(review.orderNumber)} className={linkClass}>
              {review.orderNumber}
            </Link>
            {review.sizeBought && ` · Bought: ${review.sizeBought}`} · Status:{" "}
            <span data-testid="review-status">{reviewStatusLabels[review.status]}</span>
          </p>
          {review.title && <p className="break-words font-semibold text-stone-900">{review.title}</p>}
          {review.body && <p className="whitespace-pre-line break-words text-stone-900">{review.body}</p>}
          <ReviewSteps reviewId={review.id} status={review.status} reply={review.reply} />
        </section>
      ))}
    </div>
  );
}
