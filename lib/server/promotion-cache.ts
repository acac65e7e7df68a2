import "server-only";
import { unstable_cache } from "next/cache";
import { cachedUnder, cacheTags } from "@/lib/cache/changes";
import type { Database } from "@/lib/db";
import { env } from "@/lib/env";
import { getDb } from "@/lib/server/database";
import { defaultPromotion, type Promotion } from "@/lib/marketing/promotion-rules";
import { findPromotion } from "@/lib/marketing/promotions";
import { readUnlessEmbeddedBuild } from "./build-time-read";
import { expireCacheTags } from "./cache-expiry";

/** The home page's promotion (see readPublishedPromotion), cached until a promotion is published. */
export const getPublishedPromotion = unstable_cache(
  async (): Promise<Promotion> => readPublishedPromotion(process.env.NEXT_PHASE, env().DATABASE_URL, getDb),
  ["promotion-published"],
  { tags: cachedUnder(cacheTags.promotions) },
);

/** The published promotion, else the default (readUnlessEmbeddedBuild says when a build reads it). */
export async function readPublishedPromotion(
  phase: string | undefined,
  databaseUrl: string | undefined,
  openDb: () => Promise<Database>,
): Promise<Promotion> {
  const published = await readUnlessEmbeddedBuild(phase, databaseUrl, openDb, (db) => findPromotion(db, "published"), null);
  return published ?? defaultPromotion;
}

/** After publishing in this request: this instance's home page renders the new promotion on its next visit. */
export function revalidatePromotions(): void {
  expireCacheTags([cacheTags.promotions]);
}
