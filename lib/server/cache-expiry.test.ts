import { createRequire } from "node:module";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cachedUnder, exactTag, inFlightRenderMs, productTag } from "@/lib/cache/changes";
import { expireCacheTags, markCacheTagsStale } from "./cache-expiry";

// Next.js's own tag bookkeeping (the in-memory manifest its file-system cache reads), so that these
// tests show what a visitor would be served, not only which calls were made.
const require = createRequire(import.meta.url);
const { default: FileSystemCache } = require("next/dist/server/lib/incremental-cache/file-system-cache.js");
const { areTagsExpired, areTagsStale } = require("next/dist/server/lib/incremental-cache/tags-manifest.external.js");
const maxProfile = { expire: 0xfffffffe };

const revalidateTag = vi.hoisted(() => vi.fn());
vi.mock("next/cache", () => ({ revalidateTag }));
revalidateTag.mockImplementation((tag: string, profile: "max" | { expire: number }) =>
  FileSystemCache.prototype.revalidateTag.call({}, [tag], profile === "max" ? maxProfile : profile),
);

afterEach(() => revalidateTag.mockClear());

/** What the cache does with an entry stored at `storedAt` under `tag`. */
function servedAs(tag: ReturnType<typeof productTag>, storedAt: number): "expired" | "stale" | "fresh" {
  const tags = cachedUnder(tag);
  if (areTagsExpired(tags, storedAt)) return "expired";
  return areTagsStale(tags, storedAt) ? "stale" : "fresh";
}

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("cache expiry", () => {
  it("expires a change made in this request at once", async () => {
    const tag = productTag("made-here");
    const storedAt = Date.now() - 1;
    expireCacheTags([tag]);
    await later(2);
    expect(servedAs(tag, storedAt)).toBe("expired");
  });

  it("serves a change heard from elsewhere stale while one fresh render runs", () => {
    const tag = productTag("changed-elsewhere");
    const storedAt = Date.now() - 1;
    markCacheTagsStale([tag]);
    expect(revalidateTag).toHaveBeenCalledWith(tag, "max");
    expect(servedAs(tag, storedAt)).toBe("stale");
  });

  it("keeps this instance's own change exact when its announcement comes back, and after renders in flight", () => {
    const tag = productTag("own-change");
    expireCacheTags([tag]);
    revalidateTag.mockClear();
    markCacheTagsStale([tag]);
    markCacheTagsStale([tag], Date.now() + inFlightRenderMs);
    expect(revalidateTag.mock.calls).toEqual([
      [exactTag(tag), { expire: 0 }],
      [exactTag(tag), { expire: 0 }],
    ]);
    markCacheTagsStale([tag], Date.now() + 3 * inFlightRenderMs);
    expect(revalidateTag).toHaveBeenLastCalledWith(tag, "max");
  });

  it("never serves an entry an exact expiry retired, however much later the tag is marked stale", async () => {
    const tag = productTag("edited-then-ordered");
    const beforeTheEdit = Date.now() - 1;
    expireCacheTags([tag]);
    await later(2);
    const afterTheEdit = Date.now();
    await later(2);
    // An order long after the edit, before anyone visited the page again.
    markCacheTagsStale([tag], Date.now() + 10 * inFlightRenderMs);
    expect(servedAs(tag, beforeTheEdit)).toBe("expired");
    expect(servedAs(tag, afterTheEdit)).toBe("stale");
  });
});
