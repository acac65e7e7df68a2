import { isServedPath } from "@/lib/auth/endpoints";
import { SMALL_BODY_MAX_BYTES, payloadTooLarge, withBodyAtMost } from "@/lib/http/body";
import { getAuth } from "@/lib/server/auth";

// Only the Better Auth endpoints a browser or the proxy calls directly (lib/auth/endpoints.ts); the
// forms go through server actions. Their bodies are small: anything over the cap is refused (413)
// before Better Auth reads it.
async function handler(request: Request) {
  if (!isServedPath(new URL(request.url).pathname)) return new Response("Not Found", { status: 404 });
  const capped = await withBodyAtMost(request, SMALL_BODY_MAX_BYTES);
  return capped ? (await getAuth()).handler(capped) : payloadTooLarge();
}

export { handler as GET, handler as POST };
