import "server-only";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { variants } from "./catalog";

/**
 * A shopping cart: a guest's (found by the SHA-256 of the random token in their HttpOnly
 * cookie, so a leaked database never yields a usable cookie) or a signed-in user's single cart.
 */
export const carts = pgTable(
  "carts",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    guestTokenHash: text("guest_token_hash").unique(),
    /** The discount code the shopper applied, re-checked on every render and again when ordering. */
    discountCode: text("discount_code"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("carts_one_owner", sql`(${t.userId} is null) <> (${t.guestTokenHash} is null)`)],
);

/** One variant in a cart; a variant appears at most once per cart. */
export const cartLines = pgTable(
  "cart_lines",
  {
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /** The variant's price when it was added, so the cart can say when the price has changed since. */
    unitPrice: integer("unit_price").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.variantId] }),
    index("cart_lines_variant_id_idx").on(t.variantId),
    check("cart_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);
