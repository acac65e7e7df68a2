import { isServedPath } from "@/lib/auth/endpoints";
import { getAuth } from "@/lib/server/auth";

// Only the Better Auth endpoints a browser or the proxy calls directly (lib/auth/endpoints.ts);
// the forms go through server actions.
async function handler(request: Request) {
  if (!isServedPath(new URL(request.url).pathname)) return new Response("Not Found", { status: 404 });
  return (await getAuth()).handler(request);
}

export { handler as GET, handler as POST };
