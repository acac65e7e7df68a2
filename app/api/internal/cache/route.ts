import { cacheLoopbackToken, parseLoopbackTags } from "@/lib/cache/changes";
import { SMALL_BODY_MAX_BYTES, payloadTooLarge, readBodyAtMost } from "@/lib/http/body";
import { sameSecret } from "@/lib/secrets";
import { markCacheTagsStale } from "@/lib/server/cache-expiry";

/** This instance's own listener marks cached pages stale here (revalidateTag needs a request). */
export async function POST(request: Request) {
  if (!sameSecret(request.headers.get("authorization") ?? "", `Bearer ${cacheLoopbackToken()}`)) {
    return new Response("Not Found", { status: 404 });
  }
  const body = await readBodyAtMost(request, SMALL_BODY_MAX_BYTES);
  if (!body) return payloadTooLarge();
  const tags = parseLoopbackTags(await new Response(body).json().catch(() => null));
  if (!tags) return new Response("Unknown cache tags.", { status: 400 });
  markCacheTagsStale(tags);
  return new Response(null, { status: 204 });
}
