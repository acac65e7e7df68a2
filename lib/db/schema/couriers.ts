import "server-only";
import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sqlList } from "../sql-list";
import { carriers, courierHandovers, type Carrier, type CourierHandover } from "../values";
import { orders } from "./orders";

/**
 * Who carries parcels (lib/couriers): the shop's own rider (`kind` rider, one seeded) and the
 * couriers, seeded by the migration and managed by admins. `trackingUrl` holds `{waybill}` where
 * the courier publishes a tracking page ('' where none). A courier an order used is archived, never deleted.
 */
export const couriers = pgTable(
  "couriers",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    kind: text("kind").$type<Carrier>().notNull().default("courier"),
    handover: text("handover").$type<CourierHandover>().notNull().default("office"),
    phone: text("phone").notNull().default(""),
    trackingUrl: text("tracking_url").notNull().default(""),
    archived: boolean("archived").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Who changed it last (an e-mail); null for the migration's seed. */
    updatedBy: text("updated_by"),
  },
  (t) => [
    uniqueIndex("couriers_name_unique").on(sql`lower(${t.name})`),
    check("couriers_kind_known", sql`${t.kind} in (${sqlList(carriers)})`),
    check("couriers_handover_known", sql`${t.handover} in (${sqlList(courierHandovers)})`),
  ],
);

/**
 * How an order's parcel travels, one row per order, recorded at dispatch and corrected by staff
 * (every change goes in the order's history): who carries it, its waybill (required from a
 * courier, none from the rider) and the office where it is collected. A later courier integration
 * fills the waybill here (`recordedBy` then names it).
 */
export const shipments = pgTable("shipments", {
  orderId: integer("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  courierId: integer("courier_id")
    .notNull()
    .references(() => couriers.id),
  waybill: text("waybill").notNull().default(""),
  office: text("office").notNull().default(""),
  recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  recordedBy: text("recorded_by").notNull(),
});
