import "server-only";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sqlList } from "../sql-list";
import { discountKinds, discountScopes, type DiscountKind, type DiscountScope } from "../values";
import { user } from "./auth";
import { campaigns } from "./marketing";
import { orders } from "./orders";

/**
 * A discount code (lib/discounts/rules.ts): stored upper-case, so codes are case-insensitive.
 * `uses` counts the redemptions of orders paid or confirmed; an order being placed takes a use only
 * while those and the live holds (discount_redemptions) are below `maxUses`. An order paid after its
 * hold lapsed still counts, so `uses` may pass `maxUses` by such late payments.
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull().unique(),
    kind: text("kind").$type<DiscountKind>().notNull(),
    /** A percentage (1–100) or whole KSh, by kind. */
    value: integer("value").notNull(),
    minSubtotal: integer("min_subtotal"),
    scope: text("scope").$type<DiscountScope>().notNull().default("all"),
    productIds: integer("product_ids")
      .array()
      .notNull()
      .default(sql`'{}'`),
    categories: text("categories")
      .array()
      .notNull()
      .default(sql`'{}'`),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    /** Null: open-ended, the code runs until staff disable it. */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    maxUses: integer("max_uses"),
    uses: integer("uses").notNull().default(0),
    oncePerShopper: boolean("once_per_shopper").notNull().default(false),
    campaignId: integer("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("discount_codes_kind_known", sql`${t.kind} in (${sqlList(discountKinds)})`),
    check("discount_codes_scope_known", sql`${t.scope} in (${sqlList(discountScopes)})`),
    check("discount_codes_code_upper", sql`${t.code} = upper(${t.code})`),
    check("discount_codes_value_valid", sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    check("discount_codes_uses_within", sql`${t.uses} >= 0`),
    check("discount_codes_period", sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

/**
 * One row per order that used a code, deleted when the order is cancelled (its use given back). Until
 * the order is paid or confirmed (`countedAt`) it holds a use until `heldUntil` only.
 * `shopperKey` is set only for once-per-shopper codes, so that the unique index refuses a second use.
 */
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    id: serial("id").primaryKey(),
    codeId: integer("code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** 'user:<id>' (lib/discounts/rules.ts shopperKey); older rows may be 'phone:<+254…>'. */
    shopperKey: text("shopper_key"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** Until when an unpaid, unconfirmed order holds its use (DISCOUNT_HOLD_MINUTES). */
    heldUntil: timestamp("held_until", { withTimezone: true }).notNull().defaultNow(),
    /** When its order was paid or confirmed, and the use counted in discount_codes.uses; null until then. */
    countedAt: timestamp("counted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("discount_redemptions_once_per_shopper")
      .on(t.codeId, t.shopperKey)
      .where(sql`${t.shopperKey} is not null`),
  ],
);

/** Every staff change of a code, oldest first: who, when, and what (created, disabled, enabled). */
export const discountCodeHistory = pgTable(
  "discount_code_history",
  {
    id: serial("id").primaryKey(),
    codeId: integer("code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull(),
    change: text("change").notNull(),
  },
  (t) => [index("discount_code_history_code_id_idx").on(t.codeId, t.id)],
);
