import { afterEach, describe, expect, it, vi } from "vitest";
import { inFlightRenderMs, productTag } from "@/lib/cache/changes";
import { expireCacheTags, markCacheTagsStale } from "./cache-expiry";

const revalidateTag = vi.hoisted(() => vi.fn());
vi.mock("next/cache", () => ({ revalidateTag }));

afterEach(() => revalidateTag.mockClear());

describe("cache expiry", () => {
  it("expires a change made in this request at once", () => {
    expireCacheTags([productTag("made-here")]);
    expect(revalidateTag).toHaveBeenCalledWith("product:made-here", { expire: 0 });
  });

  it("serves a change heard from elsewhere stale while one fresh render runs", () => {
    markCacheTagsStale([productTag("changed-elsewhere")]);
    expect(revalidateTag).toHaveBeenCalledWith("product:changed-elsewhere", "max");
  });

  it("keeps this instance's own change exact when its announcement comes back, and after renders in flight", () => {
    const tag = productTag("own-change");
    expireCacheTags([tag]);
    revalidateTag.mockClear();
    markCacheTagsStale([tag]);
    markCacheTagsStale([tag], Date.now() + inFlightRenderMs);
    expect(revalidateTag.mock.calls).toEqual([
      [tag, { expire: 0 }],
      [tag, { expire: 0 }],
    ]);
    markCacheTagsStale([tag], Date.now() + 3 * inFlightRenderMs);
    expect(revalidateTag).toHaveBeenLastCalledWith(tag, "max");
  });
});
