import "server-only";
import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { sqlList } from "../sql-list";
import { carriers, type Carrier, type OpeningHours } from "../values";

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
    /** Who carries the county's orders (lib/couriers/county-rules.ts): the migration gives Nairobi City the rider, the rest couriers. */
    carrier: text("carrier").$type<Carrier>().notNull().default("courier"),
    /** Whether pay on delivery is offered there: by default only where the rider goes. */
    payOnDelivery: boolean("pay_on_delivery").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Who set this rate last, as named then (an e-mail); null for the migration's seed. */
    updatedBy: text("updated_by"),
  },
  (t) => [
    check("delivery_zones_fee_not_negative", sql`${t.fee} >= 0`),
    check("delivery_zones_days_ordered", sql`${t.minDays} >= 0 and ${t.maxDays} >= ${t.minDays}`),
    check("delivery_zones_carrier_known", sql`${t.carrier} in (${sqlList(carriers)})`),
  ],
);

/**
 * Where a shopper may collect an order instead (the studio, seeded by the migration, costs 0).
 * Only active points are offered at checkout; an order copies the point's name, address and hours
 * (in words), so a later edit never alters a placed order. Points are deactivated, never deleted.
 */
export const pickupPoints = pgTable(
  "pickup_points",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    address: text("address").notNull(),
    /** Per weekday, closed (null) or open between two times (lib/checkout/opening-hours.ts). */
    openingHours: jsonb("opening_hours").$type<OpeningHours>().notNull(),
    fee: integer("fee").notNull(),
    active: boolean("active").notNull().default(true),
    /** The checkout lists points by position, then name. */
    position: integer("position").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Who changed this point last, as named then (an e-mail); null for the migration's seed. */
    updatedBy: text("updated_by"),
  },
  (t) => [check("pickup_points_fee_not_negative", sql`${t.fee} >= 0`)],
);

/**
 * Delivery's shop-wide settings, one row (id 1, seeded by the migration). `freeDeliveryThreshold`:
 * from this many KSh of goods (after any discount) delivery is free; null for no free delivery.
 */
export const deliverySettings = pgTable(
  "delivery_settings",
  {
    id: integer("id").primaryKey(),
    freeDeliveryThreshold: integer("free_delivery_threshold"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by"),
  },
  (t) => [
    check("delivery_settings_one_row", sql`${t.id} = 1`),
    check("delivery_settings_threshold_positive", sql`${t.freeDeliveryThreshold} > 0`),
  ],
);
