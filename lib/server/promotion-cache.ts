import "server-only";
import { PHASE_PRODUCTION_BUILD } from "next/constants";
import { unstable_cache } from "next/cache";
import { cacheTags } from "@/lib/cache/changes";
import { getDb } from "@/lib/server/database";
import { defaultPromotion, type Promotion } from "@/lib/marketing/promotion-rules";
import { findPromotion } from "@/lib/marketing/promotions";
import { expireCacheTags } from "./cache-expiry";

/**
 * The home page's promotion: the published one, else the default. Cached until a promotion is
 * published. The build never opens the database: it renders the default, and each server expires
 * that render when it starts (lib/server/background.ts), so its first visitor gets the published one.
 */
export const getPublishedPromotion = unstable_cache(
  async (): Promise<Promotion> => {
    if (process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD) return defaultPromotion;
    return (await findPromotion(await getDb(), "published")) ?? defaultPromotion;
  },
  ["promotion-published"],
  { tags: [cacheTags.promotions] },
);

/** After publishing in this request: this instance's home page renders the new promotion on its next visit. */
export function revalidatePromotions(): void {
  expireCacheTags([cacheTags.promotions]);
}
