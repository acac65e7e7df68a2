import "server-only";
import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * How shoppers reach the shop, one row (id 1, seeded by the migration with lib/site.ts's
 * defaultShopDetails), edited by admins on the back office's 'Shop details' page. A social link is
 * null when the shop has no account there. Invoices copy the address when issued.
 */
export const shopDetails = pgTable(
  "shop_details",
  {
    id: integer("id").primaryKey(),
    phone: text("phone").notNull(),
    whatsapp: text("whatsapp").notNull(),
    email: text("email").notNull(),
    street: text("street").notNull(),
    city: text("city").notNull(),
    hours: text("hours").notNull(),
    instagram: text("instagram"),
    facebook: text("facebook"),
    x: text("x"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Who saved them last, as named then (an e-mail); null for the migration's seed. */
    updatedBy: text("updated_by"),
  },
  (t) => [check("shop_details_one_row", sql`${t.id} = 1`)],
);
