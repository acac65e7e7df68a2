import "server-only";
import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * What delivery costs (whole KSh) and takes in each of Kenya's 47 counties (lib/checkout/counties.ts),
 * one row each, seeded by the migration. An order copies its fee and window when placed, so a
 * change here never alters a placed order.
 */
export const deliveryZones = pgTable(
  "delivery_zones",
  {
    county: text("county").primaryKey(),
    fee: integer("fee").notNull(),
    minDays: integer("min_days").notNull(),
    maxDays: integer("max_days").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Who set this rate last, as named then (an e-mail); null for the migration's seed. */
    updatedBy: text("updated_by"),
  },
  (t) => [
    check("delivery_zones_fee_not_negative", sql`${t.fee} >= 0`),
    check("delivery_zones_days_ordered", sql`${t.minDays} >= 0 and ${t.maxDays} >= ${t.minDays}`),
  ],
);
