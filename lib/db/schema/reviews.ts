import "server-only";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { sqlList } from "../sql-list";
import { products } from "./catalog";
import { orderLines, orders } from "./orders";
import { reviewStatuses, type ReviewStatus } from "../values";

/**
 * A buyer's review of one delivered order line: at most one per line (the unique key holds under
 * concurrent posts). The name and the size bought are copied when it is written, so that a later
 * edit of the order or the catalog changes nothing shown; the name is already short (first name and
 * the last name's initial), so the full name never reaches a page.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    orderLineId: integer("order_line_id")
      .notNull()
      .unique()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    title: text("title").notNull().default(""),
    body: text("body").notNull().default(""),
    authorName: text("author_name").notNull(),
    /** "Black / L", as the order line names it; '' for a product without variants to choose. */
    sizeBought: text("size_bought").notNull().default(""),
    status: text("status").$type<ReviewStatus>().notNull(),
    /** The shop's one public answer, and when staff wrote it. */
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A product's published reviews, newest first, and the staff's list (newest first, by status).
    index("reviews_product_status_idx").on(t.productId, t.status, t.createdAt),
    index("reviews_status_created_at_idx").on(t.status, t.createdAt),
    index("reviews_order_id_idx").on(t.orderId),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("reviews_status_known", sql`${t.status} in (${sqlList(reviewStatuses)})`),
  ],
);
