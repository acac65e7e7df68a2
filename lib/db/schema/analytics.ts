import "server-only";
import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { sqlList } from "../sql-list";
import { orders } from "./orders";
import { analyticsChoices, type AnalyticsChoice } from "../values";

/**
 * Each answer to the cookie banner (Data Protection Act 2019: the proof of consent): a random id,
 * the answer, when, and the version of the banner's wording. Nothing else about the visitor: the
 * id lives in their browser's cookie only.
 */
export const analyticsConsents = pgTable(
  "analytics_consents",
  {
    id: text("id").primaryKey(),
    choice: text("choice").$type<AnalyticsChoice>().notNull(),
    wordingVersion: integer("wording_version").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("analytics_consents_choice_known", sql`${t.choice} in (${sqlList(analyticsChoices)})`)],
);

/**
 * An order placed by a shopper who had accepted analytics: the consent it rests on and the GA4
 * client id its purchase is reported under. Orders without a row are reported to nobody.
 */
export const orderAnalytics = pgTable("order_analytics", {
  orderId: integer("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  consentId: text("consent_id")
    .notNull()
    .references(() => analyticsConsents.id),
  gaClientId: text("ga_client_id").notNull(),
});
