import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { authSecret } from "@/lib/auth/config";
import type { Connection, Database } from "@/lib/db";
import { env } from "@/lib/env";

/**
 * Cached pages and reads carry these tags. A change is announced with PostgreSQL's NOTIFY in the
 * writing transaction, so it reaches every instance, and only once the change is committed.
 */
export const cacheTags = { catalog: "catalog", promotions: "promotions" } as const;
export type CacheTag = (typeof cacheTags)[keyof typeof cacheTags];

const CHANNEL = "shop_cache";
const knownTags = new Set<string>(Object.values(cacheTags));

/** Announces, inside the caller's transaction, that content under `tag` changed. */
export async function announceCacheChange(tx: Database, tag: CacheTag): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHANNEL}, ${tag})`);
}

/**
 * Expires this instance's cached entries for every announced change. After the listening
 * connection reconnects it expires everything, since a missed notification is never replayed.
 */
export function listenForCacheChanges(connection: Connection, expire: (tags: CacheTag[]) => Promise<void>) {
  const run = (tags: CacheTag[]) =>
    expire(tags).catch((error) =>
      console.error(`[cache] Could not expire ${tags.join(", ")}: ${error instanceof Error ? error.message : error}`),
    );
  return connection.listen(
    CHANNEL,
    (payload) => {
      if (knownTags.has(payload)) void run([payload as CacheTag]);
    },
    () => void run([...knownTags] as CacheTag[]),
  );
}

/**
 * The secret of this instance's loopback route (/api/internal/cache), derived from the auth
 * secret: `revalidateTag` works only inside a request, so work outside one asks its own server.
 */
export function cacheLoopbackToken(): string {
  return createHmac("sha256", authSecret()).update("cache-loopback").digest("base64url");
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
  if (!Array.isArray(tags) || tags.length === 0 || !tags.every((tag) => knownTags.has(tag))) return null;
  return tags as CacheTag[];
}
