import path from "node:path";
import type { NextConfig } from "next";
import { listingKeyHeader, searchKeyHeader } from "./lib/catalog/search-params";
import { catalogCacheControl, catalogPageSources } from "./lib/http/cache-control";
import { MAX_UPLOAD_REQUEST_BYTES } from "./lib/photos/rules";
import { tagSources } from "./lib/analytics/tag-sources";

const isDev = process.env.NODE_ENV === "development";

// Vercel sets VERCEL=1 on its builds as on its functions. A Vercel deployment never opens the embedded
// database (lib/env.ts requires DATABASE_URL there), so its functions need not carry PGlite's 20 MB.
const onVercel = process.env.VERCEL === "1";

// No nonces: a nonce needs a per-request render, and the shop's pages must stay static.
// Next's inline bootstrap scripts need 'unsafe-inline'; no other origin is allowed but GA4's and
// the Meta Pixel's, which load only after the shopper's 'Accept' (lib/analytics/tag-sources.ts).
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${isDev ? " 'unsafe-eval'" : ""} ${tagSources.script.join(" ")}`,
  "style-src 'self' 'unsafe-inline'",
  `img-src 'self' data: blob: ${tagSources.img.join(" ")}`,
  "font-src 'self'",
  `connect-src 'self' ${tagSources.connect.join(" ")}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

// The promotion editor frames its preview page (lib/marketing/promotion-rules.ts): that page alone may be framed, by the shop itself.
const framedBySelf = [
  { key: "Content-Security-Policy", value: contentSecurityPolicy.replace("frame-ancestors 'none'", "frame-ancestors 'self'") },
  { key: "X-Frame-Options", value: "SAMEORIGIN" },
];

const securityHeaders = [
  { key: "Content-Security-Policy", value: contentSecurityPolicy },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  // Browsers ignore this over plain HTTP, so local serving is unaffected.
  { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" },
];

const nextConfig: NextConfig = {
  // A self-contained server for any Node host; Vercel ignores this and deploys as usual.
  output: "standalone",
  poweredByHeader: false,
  // Fixed at build time: NEXT_COMPRESS=false npm run build leaves compression to a proxy in front
  // (nginx, a CDN) instead of gzipping every response twice.
  compress: process.env.NEXT_COMPRESS !== "false",
  // Embedded PostgreSQL ships WASM and data files that must not be bundled.
  serverExternalPackages: ["@electric-sql/pglite"],
  // SQL migrations are read at run time, on start.
  outputFileTracingIncludes: { "/**": ["./drizzle/**/*"] },
  outputFileTracingExcludes: onVercel ? { "/**": ["node_modules/@electric-sql/pglite/**"] } : {},
  // Fixed into every bundle, the browser's too: the photo cap (lib/photos/rules.ts) and instrumentation.ts,
  // whose background work (and the database's packages) the bundler then leaves out of Vercel's functions.
  env: { VERCEL: onVercel ? "1" : "" },
  async rewrites() {
    const listingKey = [{ type: "header" as const, key: listingKeyHeader, value: "(?<key>[A-Za-z0-9_-]+)" }];
    return [
      // One cached render per filtered, sorted or later page of a listing, named by proxy.ts
      // (app/(shop)/categories/[category]/[key]); before the unfiltered rewrite below.
      { source: "/products", has: listingKey, destination: "/categories/all/:key" },
      { source: "/categories/:category", has: listingKey, destination: "/categories/:category/:key" },
      // The listing of every category, cached like each category's (app/(shop)/categories/[category]).
      { source: "/products", destination: "/categories/all" },
      // One cached render per distinct search, named by proxy.ts (app/(search)/search/[key]).
      {
        source: "/search",
        has: [{ type: "header", key: searchKeyHeader, value: "(?<key>[A-Za-z0-9_-]+)" }],
        destination: "/search/:key",
      },
    ];
  },
  async redirects() {
    return [{ source: "/categories/all", destination: "/products", permanent: true }];
  },
  async headers() {
    // For a path both rules match, the later one's headers win.
    return [
      { source: "/:path*", headers: securityHeaders },
      { source: "/admin/promotions/preview", headers: framedBySelf },
      // Next.js keeps a header set here, except where it must not be shared: an error, a server
      // action's answer, a route's own Cache-Control (photos).
      ...catalogPageSources.map((source) => ({
        source,
        headers: [{ key: "Cache-Control", value: catalogCacheControl }],
      })),
    ];
  },
  // Next.js's cache, minus the build's prerendered copies: a page's first visit after each start renders
  // it with the running shop's settings and database (cache-handler.mjs). Vercel keeps its own cache,
  // which each deployment's build fills with the settings and database the deployment runs with.
  cacheHandler: onVercel ? undefined : path.resolve("cache-handler.mjs"),
  // Cached pages and data live in memory only, so they never outlive the process and the
  // database they were read from (a restart on a re-seeded or fresh database starts clean).
  experimental: {
    isrFlushToDisk: false,
    authInterrupts: true,
    // app/global-not-found.tsx answers unmatched URLs, so no framed not-found rides along with every page.
    globalNotFound: true,
    // Proxy buffers each request body it sees up to this size (10 MB by default) and passes on only
    // that much. The photo upload route (a 10 MB photo plus its multipart envelope) is the one
    // request this large; server actions keep their 1 MB limit, and the route reads no further.
    proxyClientMaxBodySize: MAX_UPLOAD_REQUEST_BYTES,
    // The router's guess of a link's route from a known one (a product page's related products, from
    // the product page) asks for per-segment prefetch data, which Next.js keeps only for pages
    // prerendered at build: the product pages, rendered on first visit, answered each with 404s.
    // Off, the router asks for the link's route tree first, which says what there is to prefetch.
    optimisticRouting: false,
    // Fixed at build time, for the bench's A/B (BENCH_INLINE_CSS_AB=1 npm run bench): NEXT_INLINE_CSS=1
    // puts the stylesheet in every page's <style> instead of a <link> the first paint waits for.
    // Off: it saved that round trip, but Next also repeats the CSS in the page's RSC payload, so every
    // document grew 3x gzipped (/login 8.6 -> 27.0 kB, never cached) and LCP lost on two of six pages.
    inlineCss: process.env.NEXT_INLINE_CSS === "1",
  },
};

export default nextConfig;
