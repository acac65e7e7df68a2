import { SMALL_BODY_MAX_BYTES, payloadTooLarge, withBodyAtMost } from "@/lib/http/body";
import { getAuth } from "@/lib/server/auth";

// Better Auth's own endpoints (session, sign-out); the forms go through server actions. Their
// bodies are small: anything over the cap is refused (413) before Better Auth reads it.
async function handler(request: Request) {
  const capped = await withBodyAtMost(request, SMALL_BODY_MAX_BYTES);
  return capped ? (await getAuth()).handler(capped) : payloadTooLarge();
}

export { handler as GET, handler as POST };
