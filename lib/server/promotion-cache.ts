import "server-only";
import { PHASE_PRODUCTION_BUILD } from "next/constants";
import { unstable_cache } from "next/cache";
import { cacheTags } from "@/lib/cache/changes";
import type { Database } from "@/lib/db";
import { env } from "@/lib/env";
import { getDb } from "@/lib/server/database";
import { defaultPromotion, type Promotion } from "@/lib/marketing/promotion-rules";
import { findPromotion } from "@/lib/marketing/promotions";
import { expireCacheTags } from "./cache-expiry";

/** The home page's promotion (see readPublishedPromotion), cached until a promotion is published. */
export const getPublishedPromotion = unstable_cache(
  async (): Promise<Promotion> => readPublishedPromotion(process.env.NEXT_PHASE, env().DATABASE_URL, getDb),
  ["promotion-published"],
  { tags: [cacheTags.promotions] },
);

/**
 * The published promotion, else the default. A build with a PostgreSQL server (Vercel's, which
 * migrates first) reads it, so a deployment's home page shows it from the first request: no process
 * there could expire a default baked in. A build never opens the embedded database, which the running
 * shop holds: it renders the default, and the server expires that render when it starts
 * (lib/server/background.ts).
 */
export async function readPublishedPromotion(
  phase: string | undefined,
  databaseUrl: string | undefined,
  openDb: () => Promise<Database>,
): Promise<Promotion> {
  if (phase === PHASE_PRODUCTION_BUILD && !databaseUrl) return defaultPromotion;
  return (await findPromotion(await openDb(), "published")) ?? defaultPromotion;
}

/** After publishing in this request: this instance's home page renders the new promotion on its next visit. */
export function revalidatePromotions(): void {
  expireCacheTags([cacheTags.promotions]);
}
