import "server-only";
import { revalidateTag } from "next/cache";
import { exactTag, inFlightRenderMs, type CacheTag } from "@/lib/cache/changes";

// When this instance last expired each tag exactly, shared by every route of the process (a server
// action and the listener's loopback route may be bundled apart).
const exactlyExpiredAt: Map<CacheTag, number> = ((
  globalThis as { __shopExactExpiries?: Map<CacheTag, number> }
).__shopExactExpiries ??= new Map());

/**
 * A change staff made in this request (an edit, a restock): its cached entries under `tags` are gone
 * now, so the next visitor, often the one who made the change, sees it. Only inside a request.
 */
export function expireCacheTags(tags: CacheTag[]): void {
  for (const tag of tags) {
    revalidateTag(exactTag(tag), { expire: 0 });
    exactlyExpiredAt.set(tag, Date.now());
  }
}

/**
 * A change that catalog pages may show one visit late (issue 28): an order's stock labels, or any
 * change heard from the database (another instance, a background job, an M-Pesa callback). The
 * entries under `tags` turn stale, so visitors keep getting the previous render while one fresh
 * render runs, instead of all waiting for it; the cart, checkout and order pages read stock exactly.
 * A change this instance has just expired exactly (a staff edit's announcement heard back, and the
 * listener's second pass after renders in flight) stays exact: marking it stale would let the entry
 * from before the edit be served again.
 */
export function markCacheTagsStale(tags: CacheTag[], now = Date.now()): void {
  for (const tag of tags) {
    const ownChange = now - (exactlyExpiredAt.get(tag) ?? -Infinity) <= 2 * inFlightRenderMs;
    if (ownChange) revalidateTag(exactTag(tag), { expire: 0 });
    else revalidateTag(tag, "max");
  }
}
