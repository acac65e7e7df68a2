import "server-only";
import { sql } from "drizzle-orm";
import { afterResponse } from "@/lib/after-response";
import { deriveSecret } from "@/lib/secrets";
import { isSlug } from "@/lib/core/slugs";
import type { Connection, Database } from "@/lib/db";
import { env } from "@/lib/env";

/**
 * Cached pages and reads carry these tags. A change is announced with PostgreSQL's NOTIFY in the
 * writing transaction, so it reaches every instance, and only once the change is committed.
 */
export const cacheTags = {
  catalog: "catalog",
  promotions: "promotions",
  delivery: "delivery",
  shopDetails: "shop-details",
} as const;

/**
 * One product's page, which also carries the catalog tag: an order changes its stock levels and,
 * unless a product's card changes state, nothing else a shopper sees (lib/stock/cache-changes.ts).
 */
const productTagPrefix = "product:";
export const productTag = (slug: string) => `${productTagPrefix}${slug}` as const;

/** A category's size chart, which every product page of that category shows (and the catalog tag's pages). */
const sizeChartTagPrefix = "size-chart:";
export const sizeChartTag = (category: string) => `${sizeChartTagPrefix}${category}` as const;

export type CacheTag =
  (typeof cacheTags)[keyof typeof cacheTags] | ReturnType<typeof productTag> | ReturnType<typeof sizeChartTag>;

/**
 * Each tag's twin for exact expiry, which cached entries carry beside the tag itself. Next.js keeps
 * one expiry time per tag, and marking a tag stale moves that time into the future: an entry an exact
 * expiry had retired (a staff edit nobody has seen yet) would be served again at the next order. The
 * twin is only ever expired exactly, so marking the tag stale never revives what it retired.
 */
export const exactTag = (tag: CacheTag) => `exact:${tag}` as const;

/** The tags of a cached read: each tag and its exact twin. */
export const cachedUnder = (...tags: CacheTag[]): string[] => tags.flatMap((tag) => [tag, exactTag(tag)]);

const CHANNEL = "shop_cache";
const knownTags = new Set<string>(Object.values(cacheTags));
const isCacheTag = (value: unknown): value is CacheTag =>
  typeof value === "string" &&
  (knownTags.has(value) ||
    [productTagPrefix, sizeChartTagPrefix].some((prefix) => value.startsWith(prefix) && isSlug(value.slice(prefix.length))));

/**
 * Announces, inside the caller's transaction, that content under `tag` changed. Where no listener
 * hears it (Vercel), the request expires the tag itself once it has answered, after the commit.
 */
export async function announceCacheChange(tx: Database, tag: CacheTag): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHANNEL}, ${tag})`);
  afterResponse((followUps) => followUps.expireTags([tag]));
}

/**
 * A page rendered from data read just before a change can be stored just after the change expired
 * it, and would then stay stale until the next change. Expiring once more after this long, when
 * renders in flight at the time of the change have finished, closes that window.
 */
export const inFlightRenderMs = 2000;

/**
 * Expires this instance's cached entries for every announced change: at once, and again once renders
 * in flight have finished. After the listening connection reconnects it expires everything, since a
 * missed notification is never replayed. Returns a function that stops listening.
 */
export function listenForCacheChanges(
  connection: Pick<Connection, "listen">,
  expire: (tags: CacheTag[]) => Promise<void>,
  options: { settleMs?: number } = {},
) {
  const run = (tags: CacheTag[]) =>
    expire(tags).catch((error) =>
      console.error(`[cache] Could not expire ${tags.join(", ")}: ${error instanceof Error ? error.message : error}`),
    );
  const timers = new Set<NodeJS.Timeout>();
  const expireNowAndAfterRenders = (tags: CacheTag[]) => {
    void run(tags);
    const timer = setTimeout(() => {
      timers.delete(timer);
      void run(tags);
    }, options.settleMs ?? inFlightRenderMs);
    timer.unref();
    timers.add(timer);
  };
  const stop = connection.listen(
    CHANNEL,
    (payload) => {
      if (isCacheTag(payload)) expireNowAndAfterRenders([payload]);
    },
    () => expireNowAndAfterRenders([...knownTags] as CacheTag[]),
  );
  return async () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    await stop();
  };
}

/**
 * The secret of this instance's loopback route (/api/internal/cache), derived from the auth
 * secret: `revalidateTag` works only inside a request, so work outside one asks its own server.
 */
export function cacheLoopbackToken(): string {
  return deriveSecret("cache-loopback");
}

/** Asks this instance's server to expire `tags` (the listener's way to reach Next.js's cache). */
export async function expireOnThisInstance(tags: CacheTag[]): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${env().PORT}/api/internal/cache`, {
    method: "POST",
    headers: { authorization: `Bearer ${cacheLoopbackToken()}`, "content-type": "application/json" },
    body: JSON.stringify({ tags }),
  });
  if (!response.ok) throw new Error(`the loopback route answered ${response.status}`);
}

/** Whether a loopback request's body names only known tags; anything else is refused. */
export function parseLoopbackTags(body: unknown): CacheTag[] | null {
  const tags = (body as { tags?: unknown } | null)?.tags;
  if (!Array.isArray(tags) || tags.length === 0 || !tags.every(isCacheTag)) return null;
  return tags;
}
