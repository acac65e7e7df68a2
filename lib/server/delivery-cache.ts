import "server-only";
import { PHASE_PRODUCTION_BUILD } from "next/constants";
import { unstable_cache } from "next/cache";
import { cachedUnder, cacheTags } from "@/lib/cache/changes";
import { deliveryPromise } from "@/lib/checkout/delivery";
import { listDeliveryRates } from "@/lib/checkout/delivery-zones";
import { env } from "@/lib/env";
import { getDb } from "@/lib/server/database";
import { expireCacheTags } from "./cache-expiry";

/**
 * The home page's delivery sentence from the rates staff set, cached until they change. A build
 * without a PostgreSQL server never opens the embedded database (see readPublishedPromotion): it
 * renders the sentence without days, which the running server never serves (cache-handler.mjs).
 */
export const getDeliveryPromise = unstable_cache(
  async (): Promise<string> => {
    const building = process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD && !env().DATABASE_URL;
    return deliveryPromise(building ? {} : await listDeliveryRates(await getDb()));
  },
  ["delivery-promise"],
  { tags: cachedUnder(cacheTags.delivery) },
);

/** After staff set rates in this request: this instance's home page names the new days on its next visit. */
export function revalidateDeliveryPromise(): void {
  expireCacheTags([cacheTags.delivery]);
}
