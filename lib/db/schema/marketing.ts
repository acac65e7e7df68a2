import "server-only";
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sqlList } from "../sql-list";
import { user } from "./auth";
import { categories, products } from "./catalog";
import {
  campaignTargetKinds,
  campaignSources,
  promotionStates,
  type CampaignTargetKind,
  type CampaignSource,
  type PromotionState,
} from "../values";

/**
 * A campaign link, shared as /go/CODE: its random code, where it leads (the home page, a product
 * by id so that a renamed slug still works, or a category) and the name and source its UTM
 * parameters carry.
 */
export const campaigns = pgTable(
  "campaigns",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull().unique(),
    name: text("name").notNull(),
    source: text("source").$type<CampaignSource>().notNull(),
    targetKind: text("target_kind").$type<CampaignTargetKind>().notNull(),
    productId: integer("product_id").references(() => products.id, { onDelete: "cascade" }),
    category: text("category").references(() => categories.slug, { onUpdate: "cascade" }),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull(),
  },
  (t) => [
    check("campaigns_source_known", sql`${t.source} in (${sqlList(campaignSources)})`),
    check("campaigns_target_kind_known", sql`${t.targetKind} in (${sqlList(campaignTargetKinds)})`),
    check(
      "campaigns_target_complete",
      sql`(${t.targetKind} = 'product') = (${t.productId} is not null) and (${t.targetKind} = 'category') = (${t.category} is not null)`,
    ),
  ],
);

/**
 * One row per visit through a campaign link: inserts never wait on each other, where a counter
 * column would lock one hot row under load. bigserial, so the count cannot overflow. `visitor`
 * names who visited on which day (lib/marketing/campaigns.ts recordCampaignVisit); its unique index
 * makes a repeat visit an insert that does nothing, never a wait on another visitor's row.
 */
export const campaignVisits = pgTable(
  "campaign_visits",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    visitor: text("visitor"),
  },
  (t) => [
    index("campaign_visits_campaign_at_idx").on(t.campaignId, t.at),
    uniqueIndex("campaign_visits_once_a_day").on(t.campaignId, t.visitor),
  ],
);

/**
 * The home page's promo banner and carousel: one draft that marketing edits and previews, and the
 * published copy the home page shows. The content is checked (lib/marketing/promotion-rules.ts) on every
 * write and read.
 */
export const promotions = pgTable(
  "promotions",
  {
    state: text("state").$type<PromotionState>().primaryKey(),
    content: jsonb("content").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull(),
  },
  (t) => [check("promotions_state_known", sql`${t.state} in (${sqlList(promotionStates)})`)],
);
