import { sql, type SQL } from "drizzle-orm";

/**
 * A product's star rating from its published reviews: how many, and their average in tenths of a
 * star (46 is 4.6), rounded half up in whole numbers so that no float decides what a page shows.
 */
export type Rating = { count: number; tenths: number };

/** The average of `count` ratings summing to `sum`, in tenths, rounded half up: 4.55 → 46. */
export function averageTenths(sum: number, count: number): number {
  if (count === 0) return 0;
  return Math.floor((sum * 20 + count) / (2 * count));
}

/** The average as shown: "4.6" (always one decimal, so 4 reads "4.0"). */
export function formatAverage(tenths: number): string {
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

/**
 * The reviews every shopper may read, as a condition on `reviews` aliased `r`: published by staff
 * (or at once), and of a line that has not come back to the shop (a return received), so a review
 * written before its return disappears.
 */
export const visibleReview: SQL = sql`r.status = 'published' and not exists (
  select 1 from return_lines rl join returns rt on rt.id = rl.return_id
  where rl.order_line_id = r.order_line_id and rt.status = 'received')`;

/** A product card's rating as one column (of a query on `products`); null without a visible review. */
export function productRating() {
  return sql<Rating | null>`(select case when count(*) = 0 then null
      else json_build_object('count', count(*)::int, 'sum', sum(r.rating)::int) end
    from reviews r where r.product_id = "products"."id" and ${visibleReview})`.mapWith(ratingFromRow);
}

function ratingFromRow(value: unknown): Rating | null {
  if (value === null) return null;
  const { count, sum } = (typeof value === "string" ? JSON.parse(value) : value) as { count: number; sum: number };
  return { count, tenths: averageTenths(sum, count) };
}
