import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { announceCacheChange, cacheTags } from "@/lib/cache/changes";
import type { Database } from "@/lib/db";
import { orders, products, reviews, type ReviewStatus } from "@/lib/db/schema";
import { moderationMessages } from "./labels";
import type { PublishedReview } from "./product-reviews";
import type { ModerationStep, ReviewFilters } from "./rules";

/** A review as staff see it: its text, whose order, and what the shop answered. */
export type StaffReview = Omit<PublishedReview, "createdAt"> & {
  status: ReviewStatus;
  createdAt: Date;
  productName: string;
  productSlug: string;
  orderNumber: string;
};

/** The back office shows this many of the newest matching reviews. */
export const STAFF_REVIEWS_SHOWN = 100;

/** The newest reviews first, of one status and one star count when the filters say. */
export async function listStaffReviews(db: Database, filters: ReviewFilters): Promise<StaffReview[]> {
  return db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      title: reviews.title,
      body: reviews.body,
      authorName: reviews.authorName,
      sizeBought: reviews.sizeBought,
      status: reviews.status,
      reply: reviews.reply,
      createdAt: reviews.createdAt,
      productName: products.name,
      productSlug: products.slug,
      orderNumber: orders.number,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .where(
      and(
        filters.status ? eq(reviews.status, filters.status) : undefined,
        filters.stars ? eq(reviews.rating, filters.stars) : undefined,
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(STAFF_REVIEWS_SHOWN);
}

export type ModerationResult = { ok: true; message: string } | { ok: false; error: string };

/**
 * Staff publish or hide a review, or save its one public reply ('' removes it). The change and its
 * announcement share a transaction: every instance then expires the product's pages and the
 * listings (the catalog's tag), so no page keeps hidden text.
 */
export async function moderateReview(db: Database, step: ModerationStep): Promise<ModerationResult> {
  return db.transaction(async (tx): Promise<ModerationResult> => {
    const changes =
      step.step === "reply"
        ? { reply: step.reply || null, repliedAt: step.reply ? sql`now()` : null }
        : { status: (step.step === "publish" ? "published" : "hidden") as ReviewStatus };
    const updated = await tx
      .update(reviews)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(reviews.id, step.reviewId))
      .returning({ id: reviews.id });
    if (updated.length === 0) return { ok: false, error: moderationMessages.unknown };
    await announceCacheChange(tx, cacheTags.catalog);
    const message =
      step.step === "reply"
        ? step.reply
          ? moderationMessages.replied
          : moderationMessages.replyRemoved
        : moderationMessages[step.step === "publish" ? "published" : "hidden"];
    return { ok: true, message };
  });
}
