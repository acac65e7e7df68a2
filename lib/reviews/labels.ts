import type { ReviewStatus } from "@/lib/db/values";

// The words and limits of reviews that the shopper's form, the product page and the back office
// share. Free of zod, so that a client form imports them without a validator (lib/reviews/rules.ts).

export const REVIEW_TITLE_MAX_LENGTH = 100;
export const REVIEW_BODY_MAX_LENGTH = 2000;
export const REVIEW_REPLY_MAX_LENGTH = 1000;
export const STARS = [5, 4, 3, 2, 1] as const;

/** Published reviews per page: the product page shows the first, /products/<slug>/reviews/<n> the rest. */
export const REVIEWS_PER_PAGE = 5;

export const reviewStatusLabels: Record<ReviewStatus, string> = {
  pending: "Waiting for approval",
  published: "Published",
  hidden: "Hidden",
};

/** "4 out of 5 stars", for screen readers and the back office. */
export const starsLabel = (rating: number) => `${rating} out of 5 stars`;

/** "★★★★☆", drawn for the eye beside starsLabel. */
export const starsDrawn = (rating: number) => "★".repeat(rating) + "☆".repeat(5 - rating);

/** "23 reviews", "1 review". */
export const reviewCount = (count: number) => `${count} ${count === 1 ? "review" : "reviews"}`;

/** The review form's field names for one order line, so that each line's form has its own ids. */
export const reviewFields = (lineId: number) =>
  ({ rating: `rating-${lineId}`, title: `title-${lineId}`, body: `body-${lineId}` }) as const;

/** Every answer to a posted review, in the words the shopper reads. */
export const reviewMessages = {
  rating: "Choose from 1 to 5 stars.",
  title: `Keep the title under ${REVIEW_TITLE_MAX_LENGTH} characters.`,
  body: `Keep the review under ${REVIEW_BODY_MAX_LENGTH} characters.`,
  links: "Please leave links and web addresses out of your review (after a full stop, leave a space).",
  cannot: "This item cannot be reviewed from here.",
  notDelivered: "You can review an item once your order has been delivered or collected.",
  returned: "An item that went back to us cannot be reviewed.",
  twice: "You have already reviewed this item.",
  throttled: (minutes: number) => `Too many reviews at once. Please try again in ${minutes} minutes.`,
  published: "Thank you! Your review is published.",
  pending: "Thank you! Your review will show once we have read it.",
} as const;

/** The back office's answers. */
export const moderationMessages = {
  unknown: "That review no longer exists.",
  reply: `Keep the reply under ${REVIEW_REPLY_MAX_LENGTH} characters.`,
  links: "Please leave links and web addresses out of the reply (after a full stop, leave a space).",
  published: "The review is published.",
  hidden: "The review is hidden.",
  replied: "The reply is saved.",
  replyRemoved: "The reply is removed.",
} as const;
