import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { averageTenths, formatAverage } from "@/lib/catalog/ratings";
import { findProduct } from "@/lib/catalog/queries";
import type { Database } from "@/lib/db";
import { orderLines, products, reviews } from "@/lib/db/schema";
import { updateOrderStatus } from "@/lib/orders/status-changes";
import { withTestDb } from "@/lib/testing/db";
import { placeGuestOrder, receiveReturnOfOneUnit } from "@/lib/testing/fixtures";
import { reviewMessages } from "./labels";
import { listStaffReviews, moderateReview } from "./moderate";
import { listReviewableLines, postReview, reviewThrottle } from "./post-review";
import { findReviewPage } from "./product-reviews";
import { reviewerName, reviewSchema } from "./rules";

let db: Database;
withTestDb((opened) => (db = opened));

const staff = { id: null, label: "staff@kijanithreads.test" };

/** A guest's order of one new product, moved on to `status` (delivered by default); with its line and product. */
async function order(status: "placed" | "delivered" | "cancelled" = "delivered") {
  const placed = await placeGuestOrder(db, 2);
  const steps = status === "delivered" ? ["confirmed", "dispatched", "delivered"] : status === "cancelled" ? ["cancelled"] : [];
  for (const step of steps) await updateOrderStatus(db, { number: placed.number, status: step, actor: staff });
  const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, placed.id));
  const [product] = await db.select().from(products).where(eq(products.id, line.productId!));
  return { order: placed, lineId: line.id, product };
}

const post = (orderId: number, lineId: number, rating = 5, needsApproval = false, clientAddress: string | null = null) =>
  postReview(db, { orderId, review: { lineId, rating, title: "Lovely", body: "Soft and warm." }, clientAddress, needsApproval });

describe("who may review", () => {
  it("lets the buyer of a delivered line review it once, with the size bought and a short name", async () => {
    const { order: placed, lineId, product } = await order();
    expect(await post(placed.id, lineId, 4)).toEqual({ ok: true, status: "published" });
    const [stored] = await db.select().from(reviews).where(eq(reviews.orderLineId, lineId));
    expect(stored).toMatchObject({ rating: 4, sizeBought: "Black / S", authorName: "Kamau N.", productId: product.id });
    expect(await post(placed.id, lineId)).toMatchObject({ ok: false, reason: "twice", error: reviewMessages.twice });
    expect(await listReviewableLines(db, { id: placed.id, status: "delivered" })).toEqual([
      expect.objectContaining({ id: lineId, review: { rating: 4, status: "published" } }),
    ]);
  });

  it("keeps one review per line when posts race", async () => {
    const { order: placed, lineId } = await order();
    const results = await Promise.all(Array.from({ length: 5 }, () => post(placed.id, lineId)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await db.select().from(reviews).where(eq(reviews.orderLineId, lineId))).toHaveLength(1);
  });

  it("refuses orders not delivered, cancelled ones, and lines of another order", async () => {
    const placed = await order("placed");
    expect(await post(placed.order.id, placed.lineId)).toMatchObject({ ok: false, reason: "not_delivered" });
    const cancelled = await order("cancelled");
    expect(await post(cancelled.order.id, cancelled.lineId)).toMatchObject({ ok: false, reason: "not_delivered" });
    const mine = await order();
    const theirs = await order();
    expect(await post(mine.order.id, theirs.lineId)).toMatchObject({ ok: false, reason: "cannot" });
    expect(await post(mine.order.id, 2_000_000_000)).toMatchObject({ ok: false, reason: "cannot" });
    expect(await db.select().from(reviews).where(eq(reviews.orderLineId, theirs.lineId))).toEqual([]);
    expect(await listReviewableLines(db, { id: placed.order.id, status: "placed" })).toEqual([]);
  });

  it("refuses a returned line and hides a review written before its return", async () => {
    const { order: placed, lineId, product } = await order();
    await post(placed.id, lineId, 2);
    expect((await findReviewPage(db, product.id))?.summary.count).toBe(1);
    await receiveReturnOfOneUnit(db, placed.id, staff);
    expect((await findReviewPage(db, product.id))?.summary.count).toBe(0);
    expect((await findProduct(db, product.slug))?.rating).toBeNull();
    const other = await order();
    await receiveReturnOfOneUnit(db, other.order.id, staff);
    expect(await post(other.order.id, other.lineId)).toMatchObject({ ok: false, reason: "returned" });
    expect(await listReviewableLines(db, { id: other.order.id, status: "delivered" })).toEqual([]);
  });

  it("throttles posts per order, also refused ones", async () => {
    const { order: placed, lineId } = await order();
    for (let attempt = 0; attempt < reviewThrottle.perOrder; attempt++) await post(placed.id, lineId);
    expect(await post(placed.id, lineId)).toMatchObject({ ok: false, reason: "throttled" });
  });
});

describe("moderation", () => {
  it("keeps a review waiting for staff until published; hidden ones leave the page and the card", async () => {
    const { order: placed, lineId, product } = await order();
    expect(await post(placed.id, lineId, 3, true)).toEqual({ ok: true, status: "pending" });
    expect((await findReviewPage(db, product.id))?.reviews).toEqual([]);
    const [pending] = await listStaffReviews(db, { status: "pending", stars: 3 });
    expect(pending).toMatchObject({ orderNumber: placed.number, productName: product.name });
    expect(await listStaffReviews(db, { status: "pending", stars: 4 })).not.toContainEqual(pending);

    await moderateReview(db, { step: "publish", reviewId: pending.id });
    await moderateReview(db, { step: "reply", reviewId: pending.id, reply: "Thank you, Kamau!" });
    const page = await findReviewPage(db, product.id);
    expect(page?.reviews).toEqual([expect.objectContaining({ id: pending.id, reply: "Thank you, Kamau!" })]);
    expect((await findProduct(db, product.slug))?.rating).toEqual({ count: 1, tenths: 30 });

    await moderateReview(db, { step: "hide", reviewId: pending.id });
    expect((await findReviewPage(db, product.id))?.summary.count).toBe(0);
    expect((await findProduct(db, product.slug))?.rating).toBeNull();
    expect(await moderateReview(db, { step: "hide", reviewId: 2_000_000_000 })).toMatchObject({ ok: false });
  });
});

describe("rules", () => {
  it("rounds the average half up in tenths, without floats", () => {
    expect(averageTenths(0, 0)).toBe(0);
    expect(averageTenths(9, 2)).toBe(45);
    expect(averageTenths(91, 20)).toBe(46); // 4.55
    expect(averageTenths(13, 3)).toBe(43); // 4.333…
    expect(averageTenths(14, 3)).toBe(47); // 4.666…
    expect(formatAverage(40)).toBe("4.0");
    expect(formatAverage(46)).toBe("4.6");
  });

  it("shows the first name and the last name's initial, never more", () => {
    expect(reviewerName("  wanjiru  njeri kamau ")).toBe("wanjiru K.");
    expect(reviewerName("Otieno")).toBe("Otieno");
    expect(reviewerName("")).toBe("A buyer");
  });

  it("refuses links, long text and stars out of range", () => {
    const parse = (values: Record<string, unknown>) => reviewSchema.safeParse({ lineId: "1", rating: "5", ...values });
    expect(parse({}).success).toBe(true);
    expect(parse({ rating: "6" }).success).toBe(false);
    expect(parse({ rating: "" }).success).toBe(false);
    expect(parse({ body: "Buy at https://elsewhere.example" }).success).toBe(false);
    expect(parse({ title: "see www.cheap.biz" }).success).toBe(false);
    expect(parse({ body: "cheaper at fake-shop.co.ke" }).success).toBe(false);
    expect(parse({ body: "x".repeat(2001) }).success).toBe(false);
    expect(parse({ body: "Fits well. Size L, 1.5 m tall, 2.5kg, Ksh.1500, e.g. and i.e. are fine." }).success).toBe(true);
  });

  it("refuses anything shaped like a domain, whatever its ending", () => {
    const parse = (body: string) => reviewSchema.safeParse({ lineId: "1", rating: "5", body });
    for (const body of [
      "order at evil.ru",
      "EVIL.RU",
      "cheap-hoodies.store/x",
      "shop.xn--p1ai",
      "пример.рф",
      "deals.top today",
    ]) {
      expect(parse(body).success, body).toBe(false);
    }
    expect(parse("Great hoodie.Fits well").error?.issues[0].message).toBe(reviewMessages.links);
  });
});
