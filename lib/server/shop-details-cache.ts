import "server-only";
import { unstable_cache } from "next/cache";
import { cachedUnder, cacheTags } from "@/lib/cache/changes";
import { env } from "@/lib/env";
import { findShopDetails } from "@/lib/shop-details/details";
import { defaultShopDetails } from "@/lib/site";
import { getDb } from "@/lib/server/database";
import { readUnlessEmbeddedBuild } from "./build-time-read";
import { expireCacheTags } from "./cache-expiry";

/** The shop's details for the footer and the Contact page, cached until an admin saves them. */
export const getShopDetails = unstable_cache(
  async () => readUnlessEmbeddedBuild(process.env.NEXT_PHASE, env().DATABASE_URL, getDb, findShopDetails, defaultShopDetails),
  ["shop-details"],
  { tags: cachedUnder(cacheTags.shopDetails) },
);

/** After saving in this request: this instance's pages show the new details on their next visit. */
export function revalidateShopDetails(): void {
  expireCacheTags([cacheTags.shopDetails]);
}
