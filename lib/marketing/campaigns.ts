import "server-only";
import { and, asc, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import { campaigns, campaignVisits, categories, orders, products } from "@/lib/db/schema";
import type { CampaignSource, CampaignTargetKind } from "@/lib/db/values";
import { orderRevenue } from "@/lib/orders/revenue";
import { nairobiDate, nairobiDay, type CalendarDate } from "@/lib/time/nairobi";
import type { CampaignInput } from "./campaign-rules";
import { isCampaignCode, newCampaignCode } from "./codes";

/** utm_medium of every campaign link: shared by people in chats and posts. */
export const campaignMedium = "social";

/** The short link of a campaign code, relative to the shop's origin. */
export const campaignLinkPath = (code: string) => `/go/${code}`;

/** Stores a new campaign with a fresh random code (drawn again in the unlikely event it is taken). */
export async function createCampaign(db: Database, input: CampaignInput, actor: Actor) {
  const { target } = input;
  if (target.kind === "product") {
    const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, target.productId));
    if (!product) return { ok: false, errors: { productId: "Choose a product." } } as const;
  }
  if (target.kind === "category") {
    const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, target.category));
    if (!category) return { ok: false, errors: { category: "Choose a category." } } as const;
  }
  for (let attempt = 0; ; attempt++) {
    try {
      const [campaign] = await db
        .insert(campaigns)
        .values({
          code: newCampaignCode(),
          name: input.name,
          source: input.source,
          targetKind: target.kind,
          productId: target.kind === "product" ? target.productId : null,
          category: target.kind === "category" ? target.category : null,
          actorId: actor.id,
          actorLabel: actor.label,
        })
        .returning({ id: campaigns.id, code: campaigns.code });
      return { ok: true, campaign } as const;
    } catch (error) {
      if (isUniqueViolation(error, "campaigns_code_unique") && attempt < 3) continue;
      throw error;
    }
  }
}

/** Turns a campaign link on or off; an off link answers 'Not Found'. */
export async function setCampaignEnabled(db: Database, campaignId: number, enabled: boolean): Promise<boolean> {
  const updated = await db.update(campaigns).set({ enabled }).where(eq(campaigns.id, campaignId)).returning({ id: campaigns.id });
  return updated.length === 1;
}

/** An enabled campaign behind a code, with the URL (path and UTM parameters) its link leads to; null for anything else. */
export async function findCampaignLink(db: Database, code: unknown): Promise<{ id: number; code: string; url: string } | null> {
  if (!isCampaignCode(code)) return null;
  const [row] = await db
    .select({ ...targetColumns, id: campaigns.id, code: campaigns.code, name: campaigns.name, source: campaigns.source })
    .from(campaigns)
    .leftJoin(products, eq(products.id, campaigns.productId))
    .where(and(eq(campaigns.code, code), eq(campaigns.enabled, true)));
  if (!row) return null;
  const params = new URLSearchParams({ utm_source: row.source, utm_medium: campaignMedium, utm_campaign: row.name });
  return { id: row.id, code: row.code, url: `${targetPath(row)}?${params}` };
}

/**
 * Records one visit, counted once per `visitor` (attribution.ts visitorOf) and campaign in a
 * Nairobi day; without one, every visit counts. One insert that does nothing on a repeat: it
 * never waits on a row another visitor holds. False when not counted.
 */
export async function recordCampaignVisit(
  db: Database,
  campaignId: number,
  at = new Date(),
  visitor: string | null = null,
): Promise<boolean> {
  const inserted = await db
    .insert(campaignVisits)
    .values({ campaignId, at, visitor: visitor && `${nairobiDate(at)}:${visitor}` })
    .onConflictDoNothing()
    .returning({ id: campaignVisits.id });
  return inserted.length === 1;
}

/**
 * Records the visit a browser brought back in its campaign cookie (attribution.ts uncountedVisit),
 * on the day of its click, under the campaign of its code. False when not counted.
 */
export async function recordLandedVisit(
  db: Database,
  visit: { code: string; visitedAt: Date; holder: string },
): Promise<boolean> {
  const [campaign] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.code, visit.code));
  return campaign ? recordCampaignVisit(db, campaign.id, visit.visitedAt, visit.holder) : false;
}

/** A row of the campaign table. */
export type CampaignReportRow = {
  id: number;
  code: string;
  name: string;
  source: CampaignSource;
  target: string;
  enabled: boolean;
  visits: number;
  orders: number;
  revenue: number;
};

/**
 * Every campaign, newest first, with its figures for the Nairobi dates `from` to `to` (both
 * included): visits by their date, orders by the order's date, and revenue by the shop's rule
 * (lib/orders/revenue.ts): its orders' money received, less refunds recorded, within the dates.
 */
export async function campaignReport(
  db: Database,
  range: { from: CalendarDate; to: CalendarDate },
): Promise<CampaignReportRow[]> {
  const start = nairobiDay(range.from).start;
  const end = nairobiDay(range.to).end;
  const visits = db
    .select({ campaignId: campaignVisits.campaignId, visits: count().as("visits") })
    .from(campaignVisits)
    .where(and(gte(campaignVisits.at, start), lt(campaignVisits.at, end)))
    .groupBy(campaignVisits.campaignId)
    .as("visit_counts");
  const sales = db
    .select({ campaignId: orders.campaignId, orders: count().as("orders") })
    .from(orders)
    .where(and(sql`${orders.campaignId} is not null`, gte(orders.createdAt, start), lt(orders.createdAt, end)))
    .groupBy(orders.campaignId)
    .as("sales");
  // Money moves after the order: a campaign's revenue is what its orders brought in within the dates.
  const money = db
    .select({ campaignId: orders.campaignId, revenue: sql<number>`sum(${orderRevenue({ start, end })})`.as("revenue") })
    .from(orders)
    .where(sql`${orders.campaignId} is not null`)
    .groupBy(orders.campaignId)
    .as("money");
  const rows = await db
    .select({
      ...targetColumns,
      id: campaigns.id,
      code: campaigns.code,
      name: campaigns.name,
      source: campaigns.source,
      enabled: campaigns.enabled,
      visits: sql<number>`coalesce(${visits.visits}, 0)::int`,
      orders: sql<number>`coalesce(${sales.orders}, 0)::int`,
      revenue: sql<number>`coalesce(${money.revenue}, 0)::int`,
    })
    .from(campaigns)
    .leftJoin(products, eq(products.id, campaigns.productId))
    .leftJoin(visits, eq(visits.campaignId, campaigns.id))
    .leftJoin(sales, eq(sales.campaignId, campaigns.id))
    .leftJoin(money, eq(money.campaignId, campaigns.id))
    .orderBy(desc(campaigns.id));
  return rows.map(({ targetKind, category, productSlug, ...row }) => ({
    ...row,
    target: targetPath({ targetKind, category, productSlug }),
  }));
}

/** The products a campaign may lead to, by name. */
export async function listCampaignProductChoices(db: Database) {
  return db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.status, "published"))
    .orderBy(asc(products.name));
}

const targetColumns = {
  targetKind: campaigns.targetKind,
  category: campaigns.category,
  productSlug: products.slug,
};

function targetPath(row: { targetKind: CampaignTargetKind; category: string | null; productSlug: string | null }): string {
  if (row.targetKind === "product") return `/products/${row.productSlug}`;
  if (row.targetKind === "category") return `/categories/${row.category}`;
  return "/";
}
