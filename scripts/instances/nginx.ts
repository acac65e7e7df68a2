// Debian's nginx as a round-robin proxy in front of several instances, run as the current user
// from a scratch folder (its own config, pid, logs and temporary files), on 127.0.0.1 only.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { cookieNames } from "@/lib/server/cookies";
import { waitForServer } from "../bench/server";

/**
 * The proxy's configuration: docs/deploying.md's example (section 'Running several instances') plus the
 * scratch paths, and, for tests only, headers naming the instance that answered and what the page
 * cache did (HIT, MISS, BYPASS, EXPIRED, STALE, UPDATING).
 */
export function nginxConfig({ port, upstreams, dir }: { port: number; upstreams: string[]; dir: string }): string {
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  // Started by root (CI), nginx would run its workers as nobody, who cannot write the scratch folder.
  const user = process.getuid?.() === 0 ? "user root;\n" : "";
  return `daemon off;
${user}worker_processes 1;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 1024; }

http {
  # Tests only: when the answer ended (s since 1970, to the ms), what the page cache did, how long
  # the answer and the instance took (s), which instance, and the server action a script called.
  log_format timed '$msec "$request" $status $upstream_cache_status $request_time $upstream_response_time $upstream_addr "$http_next_action"';
  access_log ${path.join(dir, "access.log")} timed;
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}
  proxy_cache_path ${path.join(dir, "cache")} ${pageCacheZone};

${indent(pageCacheMaps, 2)}

${indent(clientLimitZones, 2)}

  upstream shop {
${upstreams.map((upstream) => `    server ${upstream};`).join("\n")}
    keepalive 32;
    # Idle connections closed before Node.js closes them (after 5 s), or a request sent on one as it closes fails.
    keepalive_timeout 4s;
  }

  server {
    listen 127.0.0.1:${port};
    # Photo uploads allow 10 MB files, plus the form around them.
    client_max_body_size 11m;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $remote_addr;
    proxy_set_header X-Forwarded-Proto $scheme;
    # Tests only: which instance answered, and whether from the page cache.
    add_header X-Upstream $upstream_addr always;
    add_header X-Cache-Status $upstream_cache_status always;

${indent(catalogLocation, 4)}

${indent(shopLocations, 4)}
  }
}
`;
}

/** The page cache's zone, after its folder: 10 MB of keys (about 80,000 pages), at most 1 GB of pages. */
export const pageCacheZone = "levels=1:2 keys_zone=shop_pages:10m max_size=1g inactive=10m use_temp_path=off";

/**
 * The cookies that change nothing on a page, so the page cache ignores them: the campaign link's, the
 * cookie banner's answer (read by the browser only), and those gtag.js and the Pixel set after 'Accept'.
 */
const sharedCookies = [cookieNames.campaign, cookieNames.analyticsConsent, "_ga(_[A-Za-z0-9]+)?", "_gid", "_fbp", "_fbc"].join(
  "|",
);

/**
 * Which requests the page cache leaves alone (http level). Any cookie but those above
 * (a session, a cart, a staff member's second factor) and the router's own requests (RSC payloads
 * at the page's URL, which differ with the router's state) neither read nor fill it. A page the shop
 * answered from its own stale copy, rendered before the latest catalog change, is passed on but not
 * kept, so that the next visit asks again.
 */
export const pageCacheMaps = `map $http_cookie $shop_cookies {
  "" 0;
  "~^\\s*((${sharedCookies})=[^;]*(;\\s*|$))*$" 0;
  default 1;
}
map "$shop_cookies:$http_authorization$http_rsc$arg__rsc$http_next_router_state_tree$http_next_router_prefetch$http_next_url" $shop_uncached {
  "0:" 0;
  default 1;
}
map $upstream_http_x_nextjs_cache $shop_stale_render {
  STALE 1;
  default 0;
}`;

/**
 * Limits per client address (http level), for a flood from one client: requests beyond 200 a second
 * wait once 600 are ahead of that rate, and are refused (429) once 2,000 are; at most 600 requests
 * at once (each HTTP/2 stream counts). A mobile carrier puts hundreds of shoppers behind one
 * address, so these sit above what a campaign's rush needs: the flash sale's 300 shoppers at once
 * make about 6 requests each over 10-15 s, never faster than two cores answer (about 130 a second),
 * so at most their first wave (300 links, then 300 landings) runs ahead of the rate. A single client
 * can therefore still keep the shop busy; the shop's own per-address limits (on orders, texts,
 * sign-ins) are what stop a script's effects.
 */
export const clientLimitZones = `limit_req_zone $binary_remote_addr zone=shop_requests:10m rate=200r/s;
limit_conn_zone $binary_remote_addr zone=shop_connections:10m;
limit_req_status 429;
limit_conn_status 429;`;

/** In each location that reaches the shop but its static files (clientLimitZones says why these values). */
const clientLimits = `limit_req zone=shop_requests burst=2000 delay=600;
limit_conn shop_connections 600;`;

/**
 * The catalog's pages (home, products, categories, search, sitemap, feeds, photos), kept for as long
 * as the shop's Cache-Control says (lib/http/cache-control.ts). One request fills a missing entry
 * while the others wait for it (up to 10 s: a slow first render still beats every visitor rendering
 * at once), or an expired one while the others get the old copy; nothing else (checkout, account,
 * orders, admin, /api, /go, any POST) is ever cached.
 */
export const catalogLocation = `location ~ ^/($|products(/|$)|categories/|search$|sitemap\\.xml$|feeds/|media/) {
  proxy_pass http://shop;
  proxy_cache shop_pages;
  proxy_cache_key $scheme$host$request_uri;
  proxy_cache_lock on;
  proxy_cache_lock_timeout 10s;
  proxy_cache_use_stale updating error timeout http_502 http_503 http_504;
  proxy_cache_background_update on;
  proxy_cache_bypass $shop_uncached;
  proxy_no_cache $shop_uncached $shop_stale_render;
  ${clientLimits.replaceAll("\n", "\n  ")}
}`;

/**
 * Everything else: the build's static files unlimited (immutable, cheap, and a page loads a dozen at
 * once: 300 browsers behind one address open a page with several thousand), the rest within the
 * per-client limits.
 */
export const shopLocations = `location /_next/static/ {
  proxy_pass http://shop;
}

location / {
  proxy_pass http://shop;
  ${clientLimits.replaceAll("\n", "\n  ")}
}`;

const indent = (text: string, spaces: number) =>
  text
    .split("\n")
    .map((line) => (line ? " ".repeat(spaces) + line : line))
    .join("\n");

/** Starts nginx on 127.0.0.1:`port` in front of `upstreams` (host:port); resolves once it proxies /api/health. */
export async function startNginx(port: number, upstreams: string[], dir: string) {
  mkdirSync(dir, { recursive: true });
  const config = path.join(dir, "nginx.conf");
  writeFileSync(config, nginxConfig({ port, upstreams, dir }));
  const nginx = spawn(process.env.NGINX ?? "/usr/sbin/nginx", ["-p", dir, "-c", config, "-e", path.join(dir, "error.log")], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForServer(url, "/api/health");
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (nginx.exitCode !== null || nginx.signalCode !== null) return resolve();
        nginx.once("exit", () => resolve());
        nginx.kill("SIGQUIT");
      }),
  };
}
