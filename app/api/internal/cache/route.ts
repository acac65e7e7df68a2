import { cacheLoopbackToken, parseLoopbackTags } from "@/lib/cache/changes";
import { sameSecret } from "@/lib/secrets";
import { expireCacheTags } from "@/lib/server/catalog-cache";

/** This instance's own listener expires cached pages here (revalidateTag needs a request). */
export async function POST(request: Request) {
  if (!sameSecret(request.headers.get("authorization") ?? "", `Bearer ${cacheLoopbackToken()}`)) {
    return new Response("Not Found", { status: 404 });
  }
  const tags = parseLoopbackTags(await request.json().catch(() => null));
  if (!tags) return new Response("Unknown cache tags.", { status: 400 });
  expireCacheTags(tags);
  return new Response(null, { status: 204 });
}
