/**
 * What a shared cache in front of the shop (nginx's proxy_cache, Vercel's CDN, any CDN) may keep.
 * The catalog's pages are the same for every visitor (what is personal, the header's name and cart
 * count, comes from /api/viewer), so they may be shared for a short while. Personal pages are
 * rendered per request, and Next.js marks them `private, no-store` itself.
 */

/** How long a shared cache may answer with a catalog page before asking the shop again, in seconds. */
export const catalogFreshSeconds = 5;

/** How long past that it may still answer with its old copy while it fetches the new one, in seconds. */
export const catalogStaleSeconds = 30;

/**
 * A catalog page's Cache-Control. Without it, Next.js marks a page cached until the catalog changes
 * `s-maxage=31536000`, which a CDN cannot know to drop when stock or a price changes. Browsers
 * (max-age=0) always ask again.
 */
export const catalogCacheControl = `public, max-age=0, s-maxage=${catalogFreshSeconds}, stale-while-revalidate=${catalogStaleSeconds}`;

/**
 * The catalog's pages, as next.config.ts `headers()` sources: home, categories and every product,
 * search, the sitemap and the shopping feeds. Not photos: /media answers `immutable` itself, for a
 * year, and a header here would replace it (nginx still caches them, scripts/instances/nginx.ts).
 */
export const catalogPageSources = [
  "/",
  "/products",
  "/products/:path*",
  "/categories/:path*",
  "/search",
  "/sitemap.xml",
  "/feeds/:path*",
];
