import { ReviewList } from "@/components/admin/reviews/ReviewList";
import { backOfficeSections } from "@/lib/admin/sections";
import { listStaffReviews, STAFF_REVIEWS_SHOWN } from "@/lib/reviews/moderate";
import { reviewFilterSchema } from "@/lib/reviews/rules";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";
import { getDb } from "@/lib/server/database";
import { requireRole } from "@/lib/server/session";

export const generateMetadata = backOfficeMetadata(backOfficeSections.reviews.label);

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Buyers' reviews, for staff to publish, hide and answer. */
export default async function ReviewsPage({ searchParams }: Props) {
  await requireRole(backOfficeSections.reviews);
  const filters = reviewFilterSchema.parse(await searchParams);
  return (
    <ReviewList reviews={await listStaffReviews(await getDb(), filters)} filters={filters} shownAtMost={STAFF_REVIEWS_SHOWN} />
  );
}
