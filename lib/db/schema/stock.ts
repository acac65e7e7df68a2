import "server-only";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { sqlList } from "../sql-list";
import { user } from "./auth";
import { variants } from "./catalog";
import { orders } from "./orders";
import { stockReasons, type StockReason } from "../values";

/**
 * A variant's stock history, oldest first: every change with who made it, when, why, by how much
 * and the level it left. Written in the same transaction as the change itself.
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: serial("id").primaryKey(),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull(),
    reason: text("reason").$type<StockReason>().notNull(),
    /** Units added (positive) or taken (negative). */
    change: integer("change").notNull(),
    /** The stock level this change left. */
    level: integer("level").notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
  },
  (t) => [
    index("stock_movements_variant_id_idx").on(t.variantId, t.id),
    check("stock_movements_reason_known", sql`${t.reason} in (${sqlList(stockReasons)})`),
    check("stock_movements_level_non_negative", sql`${t.level} >= 0`),
  ],
);
