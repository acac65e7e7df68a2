import "server-only";
import { and, desc, sql } from "drizzle-orm";
import { averageTenths, visibleReview } from "@/lib/catalog/ratings";
import type { Database } from "@/lib/db";
import { reviews } from "@/lib/db/schema";
import { REVIEWS_PER_PAGE, STARS } from "./labels";

/** A published review as shoppers, the JSON-LD and the feed see it: never its order, status or buyer. */
export type PublishedReview = {
  id: number;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  sizeBought: string;
  reply: string | null;
  createdAt: string;
};

/** A review's own words and date, read from `reviews r` (the feed's query reads them too). */
export const reviewTextColumns = {
  id: sql<number>`r.id`,
  rating: sql<number>`r.rating`,
  title: sql<string>`r.title`,
  body: sql<string>`r.body`,
  authorName: sql<string>`r.author_name`,
  createdAt: sql<string>`r.created_at`.mapWith((value: string | Date) => new Date(value).toISOString()),
};

/** A product's published reviews: how many, their average in tenths, how many of each star (5 first). */
export type ReviewSummary = { count: number; tenths: number; distribution: { stars: number; count: number }[] };

/** One page of a product's published reviews, newest first, with the summary above them. */
export type ReviewPage = { summary: ReviewSummary; reviews: PublishedReview[]; page: number; pageCount: number };

/**
 * The page `page` (from 1) of a product's published reviews, or null past the last page (the first
 * page always exists, empty for a product without reviews). Two queries: the counts per star, then
 * the page.
 */
export async function findReviewPage(db: Database, productId: number, page = 1): Promise<ReviewPage | null> {
  const summary = await findReviewSummary(db, productId);
  const pageCount = Math.max(1, Math.ceil(summary.count / REVIEWS_PER_PAGE));
  if (page > pageCount) return null;
  const rows = await listPublishedReviews(db, productId, REVIEWS_PER_PAGE, (page - 1) * REVIEWS_PER_PAGE);
  return { summary, reviews: rows, page, pageCount };
}

export async function findReviewSummary(db: Database, productId: number): Promise<ReviewSummary> {
  const rows = await db
    .select({ stars: sql<number>`r.rating`, count: sql<number>`count(*)::int` })
    .from(sql`${reviews} r`)
    .where(and(sql`r.product_id = ${productId}`, visibleReview))
    .groupBy(sql`r.rating`);
  const counted = new Map<number, number>(rows.map((row) => [row.stars, row.count]));
  const distribution = STARS.map((stars) => ({ stars, count: counted.get(stars) ?? 0 }));
  const count = distribution.reduce((total, row) => total + row.count, 0);
  const sum = distribution.reduce((total, row) => total + row.stars * row.count, 0);
  return { count, tenths: averageTenths(sum, count), distribution };
}

/** A product's newest published reviews (`limit` of them from `offset`). */
export async function listPublishedReviews(
  db: Database,
  productId: number,
  limit: number,
  offset = 0,
): Promise<PublishedReview[]> {
  const rows = await db
    .select({
      ...reviewTextColumns,
      sizeBought: sql<string>`r.size_bought`,
      reply: sql<string | null>`r.reply`,
    })
    .from(sql`${reviews} r`)
    .where(and(sql`r.product_id = ${productId}`, visibleReview))
    .orderBy(desc(sql`r.created_at`), desc(sql`r.id`))
    .limit(limit)
    .offset(offset);
  return rows;
}
