import "server-only";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { reserveAttempt, type ThrottleKey } from "@/lib/auth/throttle";
import { announceCacheChange, cacheTags } from "@/lib/cache/changes";
import type { Database } from "@/lib/db";
import { orderLines, orders, returnLines, returns, reviews, variants, type ReviewStatus } from "@/lib/db/schema";
import { reviewMessages } from "./labels";
import { boughtLabel, reviewerName, type ReviewInput } from "./rules";

export type PostReviewResult =
  | { ok: true; status: ReviewStatus }
  | { ok: false; reason: "cannot" | "not_delivered" | "returned" | "twice" | "throttled"; error: string };

/** Posts allowed per hour: per order (more than any order has lines to review) and per client address. */
export const reviewThrottle = { windowMs: 60 * 60_000, perOrder: 20, perAddress: 60 };

/**
 * A buyer's review of one line of their order (the caller has checked that they own the order, or
 * hold its signed link). Refused, with nothing stored, for a line of another order (a forged or
 * another buyer's id), an order not delivered or collected, a line that is being or has been
 * returned, and a line already reviewed, also when two posts race (the line's unique key). Every
 * attempt counts against the order's and the client address's hourly limits first. One transaction,
 * with the order locked so that a return request cannot slip in between the check and the insert;
 * a review published at once expires the product's pages and listings on every instance.
 */
export async function postReview(
  db: Database,
  input: { orderId: number; review: ReviewInput; clientAddress: string | null; needsApproval: boolean; now?: number },
): Promise<PostReviewResult> {
  const waitMinutes = await reserveAttempt(db, reviewThrottleKeys(input.orderId, input.clientAddress), input.now);
  if (waitMinutes > 0) return refused("throttled", reviewMessages.throttled(waitMinutes));
  return db.transaction(async (tx): Promise<PostReviewResult> => {
    const [order] = await tx
      .select({ status: orders.status, fullName: orders.fullName })
      .from(orders)
      .where(eq(orders.id, input.orderId))
      .for("update");
    const [line] = await tx
      .select({
        productId: orderLines.productId,
        variantLabel: orderLines.variantLabel,
        size: variants.size,
        colour: variants.colour,
        packSize: variants.packSize,
        inReturn: sql<boolean>`exists (${tx
          .select({ id: returnLines.id })
          .from(returnLines)
          .innerJoin(returns, eq(returns.id, returnLines.returnId))
          .where(and(eq(returnLines.orderLineId, orderLines.id), ne(returns.status, "declined")))})`,
      })
      .from(orderLines)
      .leftJoin(variants, eq(variants.id, orderLines.variantId))
      .where(and(eq(orderLines.id, input.review.lineId), eq(orderLines.orderId, input.orderId)));
    if (!order || !line || line.productId === null) return refused("cannot", reviewMessages.cannot);
    if (order.status !== "delivered") return refused("not_delivered", reviewMessages.notDelivered);
    if (line.inReturn) return refused("returned", reviewMessages.returned);
    const status: ReviewStatus = input.needsApproval ? "pending" : "published";
    const inserted = await tx
      .insert(reviews)
      .values({
        orderLineId: input.review.lineId,
        orderId: input.orderId,
        productId: line.productId,
        rating: input.review.rating,
        title: input.review.title,
        body: input.review.body,
        authorName: reviewerName(order.fullName),
        sizeBought: line.size !== null || line.colour !== null || line.packSize !== null ? boughtLabel(line) : line.variantLabel,
        status,
      })
      .onConflictDoNothing({ target: reviews.orderLineId })
      .returning({ id: reviews.id });
    if (inserted.length === 0) return refused("twice", reviewMessages.twice);
    if (status === "published") await announceCacheChange(tx, cacheTags.catalog);
    return { ok: true, status };
  });
}

/** A delivered order's lines as its page offers them for review: each with its review, if any. */
export type ReviewableLine = {
  id: number;
  name: string;
  review: { rating: number; status: ReviewStatus } | null;
};

/**
 * The lines of a delivered order that its buyer may review, or has: not those being or having been
 * returned, nor those whose product is gone. Empty for any order not delivered.
 */
export async function listReviewableLines(db: Database, order: { id: number; status: string }): Promise<ReviewableLine[]> {
  if (order.status !== "delivered") return [];
  const rows = await db
    .select({
      id: orderLines.id,
      productName: orderLines.productName,
      variantLabel: orderLines.variantLabel,
      rating: reviews.rating,
      status: reviews.status,
    })
    .from(orderLines)
    .leftJoin(reviews, eq(reviews.orderLineId, orderLines.id))
    .where(
      and(
        eq(orderLines.orderId, order.id),
        sql`${orderLines.productId} is not null`,
        sql`not exists (select 1 from ${returnLines} join ${returns} on ${returns.id} = ${returnLines.returnId}
          where ${returnLines.orderLineId} = ${orderLines.id} and ${returns.status} <> 'declined')`,
      ),
    )
    .orderBy(asc(orderLines.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.variantLabel ? `${row.productName} (${row.variantLabel})` : row.productName,
    review: row.rating !== null && row.status !== null ? { rating: row.rating, status: row.status } : null,
  }));
}

function reviewThrottleKeys(orderId: number, address: string | null): ThrottleKey[] {
  const { windowMs, perOrder, perAddress } = reviewThrottle;
  const keys: ThrottleKey[] = [{ key: `review:order:${orderId}`, max: perOrder, windowMs }];
  if (address) keys.push({ key: `review:address:${address}`, max: perAddress, windowMs });
  return keys;
}

const refused = (reason: Exclude<PostReviewResult, { ok: true }>["reason"], error: string): PostReviewResult => ({
  ok: false,
  reason,
  error,
});
