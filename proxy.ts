import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";
import { loginPath } from "@/lib/auth/user";
import { isHostilePath } from "@/lib/http/path";
import { isGuestToken, newGuestToken } from "@/lib/cart/owner";
import { cookieDefaults, guestCartCookie } from "@/lib/server/cookies";
import { listingPathOf } from "@/lib/catalog/listing-pages";
import { payloadTooLarge } from "@/lib/http/body";
import { postBodyFit } from "@/lib/server/post-limits";
import {
  isRefined,
  listingHref,
  listingKey,
  listingKeyHeader,
  listingParamNames,
  listingQueryOf,
  parseSearchKey,
  parseSearchUrl,
  searchHref,
  searchKey,
  searchKeyHeader,
} from "@/lib/catalog/search-params";

/**
 * Eight jobs before the app renders:
 * - a path with a malformed percent-escape or a NUL byte answers 400 (Next.js would answer 500);
 * - a POST from another site (a forged form or server action) is refused with 403; Next.js would
 *   refuse it too, but with a 500;
 * - a POST larger than its limit (lib/server/post-limits.ts) is refused with 413 from its headers,
 *   before its body is read: only a signed-in visitor's upload may be large;
 * - a guest posting on a product page (its first add to cart) gets its cart cookie here;
 * - a visitor without a session cookie opening the back office is sent to sign in and come back to
 *   the very page (each page still checks the session and the role itself);
 * - a signed-in shopper opening /login or /register is sent to /account, so those pages stay static;
 * - a search is normalised and rendered by its own path, so that each distinct search is rendered
 *   once and served from the cache until the catalog changes, like a category page;
 * - a listing's filters (category pages, /products) likewise, after a permanent redirect of any
 *   spelling of them (a submitted filter form's empty fields, another order) to their one URL.
 */
export async function proxy(request: NextRequest) {
  if (isHostilePath(request.nextUrl.pathname)) return badRequest();
  const { pathname, search, searchParams } = request.nextUrl;
  if (request.method === "POST") {
    if (!isSameOrigin(request)) return refuse();
    if (await isTooLarge(request)) return payloadTooLarge();
    return pathname.startsWith("/products/") ? withGuestCart(request) : NextResponse.next();
  }
  if (pathname === "/search") {
    // Named here, rendered there: next.config.ts rewrites the request to /search/<key>. (A rewrite
    // from here would need an absolute URL, which Next.js takes for another site when the server
    // is bound to 127.0.0.1.)
    const headers = new Headers(request.headers);
    headers.set(searchKeyHeader, searchKey(parseSearchUrl(searchParams)));
    return NextResponse.next({ request: { headers } });
  }
  if (pathname.startsWith("/search/")) {
    // The rendering path is internal: a visitor who types one gets the search's public URL.
    const query = parseSearchKey(pathname.slice("/search/".length));
    return NextResponse.redirect(new URL(searchHref(query), request.url));
  }
  if (pathname === "/products" || /^\/categories\/[^/]+$/.test(pathname)) return listing(request);
  const internal = /^\/categories\/([^/]+)\/(.*)$/.exec(pathname);
  if (internal) {
    // A filtered listing's rendering path is internal too.
    const href = listingHref(listingPathOf(internal[1]), listingQueryOf(parseSearchKey(internal[2])));
    return NextResponse.redirect(new URL(href, request.url));
  }
  if (isBackOffice(pathname)) {
    if (getSessionCookie(request)) return NextResponse.next();
    return NextResponse.redirect(new URL(loginPath(`${pathname}${search}`), request.url));
  }
  if (!AUTH_PAGES.includes(pathname)) return NextResponse.next();
  return (await hasValidSession(request)) ? NextResponse.redirect(new URL("/account", request.url)) : NextResponse.next();
}

/**
 * A listing's filters: any spelling of them answers 308 to their normalised URL (parameters that
 * are not the listing's, such as a campaign's utm_*, are left alone when no filter is given); a
 * refined listing is rendered by its own path (next.config.ts), the unfiltered one is the static page.
 */
function listing(request: NextRequest) {
  const { pathname, search, searchParams } = request.nextUrl;
  const query = listingQueryOf(parseSearchUrl(searchParams));
  const href = listingHref(pathname, query);
  if (listingParamNames.some((name) => searchParams.has(name)) && `${pathname}${search}` !== href) {
    return NextResponse.redirect(new URL(href, request.url), 308);
  }
  // The key comes from the URL only: a visitor's own header would steer the rewrite (next.config.ts)
  // of an unfiltered listing, whose cached answer has no Vary.
  const headers = new Headers(request.headers);
  if (isRefined(query)) headers.set(listingKeyHeader, listingKey(query));
  else headers.delete(listingKeyHeader);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: [
    "/search",
    "/search/:key*",
    "/products",
    "/categories/:path*",
    "/login",
    "/register",
    "/admin",
    "/admin/:path*",
    { source: "/((?!api/|_next/).*)", has: [{ type: "header", key: "origin" }] },
    // Any body, for its size (a script sends no Origin); route handlers under /api/ cap their own.
    { source: "/((?!api/|_next/).*)", has: [{ type: "header", key: "content-length" }] },
    // Any path with a percent-escape, for isHostilePath.
    "/(.*%.*)",
  ],
};

const AUTH_PAGES = ["/login", "/register"];

/**
 * A guest without a cart cookie gets one before the action runs, which then finds it. Set by the
 * action itself, the cookie would make Next.js render the whole product page again for the answer
 * of a first add to cart (any cookie an action sets counts as a revalidation), which is every
 * shopper's in a rush after a shared link (issue 43). Any POST on a product page gets it (the
 * back-in-stock form's too): it is the cart's identity, with nothing in it until something is added.
 */
function withGuestCart(request: NextRequest) {
  if (getSessionCookie(request) || isGuestToken(request.cookies.get(guestCartCookie.name)?.value)) return NextResponse.next();
  const token = newGuestToken();
  request.cookies.set(guestCartCookie.name, token);
  const response = NextResponse.next({ request: { headers: request.headers } });
  // Written as a header: one set through response.cookies also reaches the action as a cookie set in this request.
  const { path, sameSite, secure } = cookieDefaults();
  const attributes = [
    `Path=${path}`,
    `Max-Age=${guestCartCookie.maxAge}`,
    "HttpOnly",
    `SameSite=${sameSite}`,
    ...(secure ? ["Secure"] : []),
  ];
  response.headers.append("set-cookie", [`${guestCartCookie.name}=${token}`, ...attributes].join("; "));
  return response;
}

/** A POST too large for its path, from its Content-Length; an upload's only once the session is confirmed. */
async function isTooLarge(request: NextRequest): Promise<boolean> {
  const fit = postBodyFit(request.nextUrl.pathname, request.headers.get("content-length"));
  return fit === "too large" || (fit === "upload" && !(await hasValidSession(request)));
}

const isBackOffice = (pathname: string) => pathname === "/admin" || pathname.startsWith("/admin/");

/** The same check as Next.js's own for server actions: Origin's host is the request's host. */
function isSameOrigin(request: NextRequest): boolean {
  const origin = request.headers.get("origin");
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  try {
    return !origin || new URL(origin).host === host;
  } catch {
    return false;
  }
}

function refuse() {
  return new NextResponse("Cross-site requests are refused.", { status: 403, headers: { "Content-Type": "text/plain" } });
}

function badRequest() {
  return new NextResponse("Bad Request", { status: 400, headers: { "Content-Type": "text/plain" } });
}

/**
 * Only a session the server confirms counts: a stale or forged cookie gets the form, which also
 * keeps /account (which sends signed-out visitors here) from looping. Asked over HTTP rather than
 * through a shared module, because Proxy may run apart from the app.
 */
async function hasValidSession(request: NextRequest): Promise<boolean> {
  if (!getSessionCookie(request)) return false;
  const response = await fetch(new URL("/api/auth/get-session", request.nextUrl.origin), {
    headers: { cookie: request.headers.get("cookie") ?? "" },
    cache: "no-store",
  }).catch(() => null);
  const session = response?.ok ? await response.json().catch(() => null) : null;
  return Boolean(session?.user);
}
