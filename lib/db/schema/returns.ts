import "server-only";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { sqlList } from "../sql-list";
import { variants } from "./catalog";
import { orderLines, orders } from "./orders";
import {
  returnReasons,
  returnResolutions,
  returnStatuses,
  type ReturnReason,
  type ReturnResolution,
  type ReturnStatus,
} from "../values";

/**
 * A shopper's request to send back some of a delivered order, decided by staff. `declineReason`
 * is what the shopper reads when staff decline it.
 */
export const returns = pgTable(
  "returns",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status").$type<ReturnStatus>().notNull().default("requested"),
    reason: text("reason").$type<ReturnReason>().notNull(),
    note: text("note").notNull().default(""),
    declineReason: text("decline_reason"),
    /** An exchange's new variants, shipped as an order of their own with nothing to pay once the return arrives. */
    exchangeOrderId: integer("exchange_order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("returns_order_id_idx").on(t.orderId),
    index("returns_status_created_at_idx").on(t.status, t.createdAt),
    check("returns_status_known", sql`${t.status} in (${sqlList(returnStatuses)})`),
    check("returns_reason_known", sql`${t.reason} in (${sqlList(returnReasons)})`),
  ],
);

/** One order line in a return: how many units, and whether they come back as money or as another variant. */
export const returnLines = pgTable(
  "return_lines",
  {
    id: serial("id").primaryKey(),
    returnId: integer("return_id")
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    resolution: text("resolution").$type<ReturnResolution>().notNull(),
    /** An exchange: the variant the shopper gets instead. */
    exchangeVariantId: integer("exchange_variant_id").references(() => variants.id, { onDelete: "set null" }),
  },
  (t) => [
    index("return_lines_order_line_id_idx").on(t.orderLineId),
    unique("return_lines_once_per_return").on(t.returnId, t.orderLineId),
    check("return_lines_quantity_positive", sql`${t.quantity} > 0`),
    check("return_lines_resolution_known", sql`${t.resolution} in (${sqlList(returnResolutions)})`),
  ],
);
