import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";

/**
 * Sends a signed-in shopper from /login and /register to /account, so those pages stay static.
 * Only a session the server confirms counts: a stale or forged cookie gets the form, which
 * also keeps /account (which sends signed-out visitors here) from looping.
 */
export async function proxy(request: NextRequest) {
  if (!getSessionCookie(request)) return NextResponse.next();
  // Asked over HTTP rather than from a shared module: Proxy may run apart from the app.
  const response = await fetch(new URL("/api/auth/get-session", request.nextUrl.origin), {
    headers: { cookie: request.headers.get("cookie") ?? "" },
    cache: "no-store",
  }).catch(() => null);
  const session = response?.ok ? await response.json().catch(() => null) : null;
  return session?.user ? NextResponse.redirect(new URL("/account", request.url)) : NextResponse.next();
}

export const config = { matcher: ["/login", "/register"] };
