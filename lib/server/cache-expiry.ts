import "server-only";
import { revalidateTag } from "next/cache";
import type { CacheTag } from "@/lib/cache/changes";

/** Expires this instance's cached entries under `tags` now; only inside a request (lib/cache has the rest). */
export function expireCacheTags(tags: CacheTag[]): void {
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
}
