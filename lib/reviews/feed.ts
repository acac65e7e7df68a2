import "server-only";
import { and, asc, sql } from "drizzle-orm";
import { isPublished } from "@/lib/catalog/queries";
import { visibleReview } from "@/lib/catalog/ratings";
import type { Database } from "@/lib/db";
import { orderLines, products } from "@/lib/db/schema";
import { variantSku } from "@/lib/feeds/entries";
import { escapeXml } from "@/lib/feeds/google";
import { reviewTextColumns } from "./product-reviews";

/** A published review as Google's product ratings feed lists it. */
export type FeedReview = {
  id: number;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  createdAt: string;
  productName: string;
  productSlug: string;
  /** The variant bought, as the shopping feed and the JSON-LD name it; null once it was deleted. */
  sku: string | null;
};

/** Every published review of a product in the shop, oldest first (a stable order for the feed's readers). */
export async function listFeedReviews(db: Database): Promise<FeedReview[]> {
  return db
    .select({
      ...reviewTextColumns,
      productName: products.name,
      productSlug: products.slug,
      sku: sql<string | null>`${orderLines.variantId}`.mapWith((id: number | null) => (id === null ? null : variantSku(id))),
    })
    .from(sql`reviews r`)
    .innerJoin(products, sql`${products.id} = r.product_id`)
    .innerJoin(orderLines, sql`${orderLines.id} = r.order_line_id`)
    .where(and(visibleReview, isPublished))
    .orderBy(asc(sql`r.id`));
}

export const googleReviewsContentType = "application/xml; charset=utf-8";

/**
 * Google's product ratings feed, in the element order of its published schema (version 2.3,
 * product_reviews.xsd): every text escaped, the content never empty (the schema requires it).
 */
export function googleReviewsXml(reviews: FeedReview[], publisher: { name: string; url: string }): string {
  const entries = reviews.map((review) => {
    const productUrl = `${publisher.url}/products/${review.productSlug}`;
    return [
      "<review>",
      element("review_id", String(review.id)),
      `<reviewer>${element("name", review.authorName)}</reviewer>`,
      element("review_timestamp", review.createdAt),
      ...(review.title ? [element("title", review.title)] : []),
      element("content", review.body || review.title || `Rated ${review.rating} out of 5.`),
      `<review_url type="group">${escapeXml(`${productUrl}#reviews`)}</review_url>`,
      `<ratings><overall min="1" max="5">${review.rating}</overall></ratings>`,
      "<products><product>",
      "<product_ids>",
      ...(review.sku ? [`<skus>${element("sku", review.sku)}</skus>`] : []),
      `<brands>${element("brand", publisher.name)}</brands>`,
      "</product_ids>",
      element("product_name", review.productName),
      element("product_url", productUrl),
      "</product></products>",
      element("is_spam", "false"),
      element("collection_method", "post_fulfillment"),
      "</review>",
    ].join("");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns:vc="http://www.w3.org/2007/XMLSchema-versioning" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.google.com/shopping/reviews/schema/product/2.3/product_reviews.xsd">',
    element("version", "2.3"),
    `<publisher>${element("name", publisher.name)}${element("favicon", `${publisher.url}/icon.svg`)}</publisher>`,
    "<reviews>",
    ...entries,
    "</reviews>",
    "</feed>",
  ].join("\n");
}

const element = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;
