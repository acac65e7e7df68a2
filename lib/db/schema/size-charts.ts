import "server-only";
import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { categories } from "./catalog";

/**
 * One size of an apparel category's size chart: the garment's measurements laid flat, in whole
 * centimetres (cutting and sewing tolerances are about a centimetre, so halves would be false
 * precision). Its sizes are among its category's (lib/catalog/sizes.ts); a size without a row is not offered in the chart. Keyed by the category's slug, which
 * a rename carries along; deleting an (empty) category deletes its chart.
 */
export const sizeChartRows = pgTable(
  "size_chart_rows",
  {
    category: text("category")
      .notNull()
      .references(() => categories.slug, { onUpdate: "cascade", onDelete: "cascade" }),
    size: text("size").notNull(),
    chestCm: integer("chest_cm").notNull(),
    lengthCm: integer("length_cm").notNull(),
    sleeveCm: integer("sleeve_cm").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.category, t.size] }),
    check("size_chart_rows_measurements_positive", sql`${t.chestCm} > 0 and ${t.lengthCm} > 0 and ${t.sleeveCm} > 0`),
  ],
);
