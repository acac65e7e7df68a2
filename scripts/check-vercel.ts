// npm run check:vercel: builds the shop as Vercel would (`vercel build --prod`, offline, from the
// Vercel CLI in devDependencies, with a generated .vercel/project.json for the Next.js preset) and
// fails if the deployment would break there: a function over FUNCTION_MAX_MB, the proxy carrying
// PGlite or sharp, a cron more frequent than daily in vercel.json (Hobby refuses the deploy), or a
// page, sitemap or robots.txt pointing at localhost, a catalog page Vercel would not serve from its
// cache (or without the shop's Cache-Control), or a personal page it would. A release step, not part of npm test (docs/deploying.md,
// "Putting it online"). Run it with the production settings the build needs: DATABASE_URL, BETTER_AUTH_SECRET,
// and SITE_URL or VERCEL_PROJECT_PRODUCTION_URL. `--skip-build` checks the last build's output again.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { catalogCacheControl } from "../lib/http/cache-control";

/** The largest function allowed, in MB: Vercel's limit is 250 MB, the shop's functions measured about 30 MB. */
const FUNCTION_MAX_MB = 40;
/** What the proxy must never carry: the embedded database and the image library. */
const proxyForbidden = ["@electric-sql/pglite", "/sharp/", "@img/sharp"];

/**
 * The routes that render the catalog's pages (after next.config.ts's rewrites: /products is
 * categories/all, a search search/<key>) and the personal pages, as the output names their functions.
 */
const catalogRoutes = ["index", "categories/[category]", "categories/[category]/[key]", "products/[slug]", "search/[key]"];
const personalRoutes = ["cart", "checkout", "account", "orders/[number]", "admin"];
/** Addresses as visitors ask for them, for the headers the output's routes add. */
const catalogUrls = ["/", "/products", "/categories/tshirts", "/products/a-tee", "/search", "/sitemap.xml", "/feeds/google.xml"];
const personalUrls = ["/cart", "/checkout", "/account", "/orders/KT-ABC1234", "/admin", "/api/viewer", "/go/ABC"];

const root = process.cwd();
const output = path.join(root, ".vercel/output");

if (!process.argv.includes("--skip-build")) build();
const problems = [...functionProblems(), ...cronProblems(), ...siteAddressProblems(), ...cacheProblems()];
for (const problem of problems) console.error(`- ${problem}`);
process.exit(problems.length > 0 ? 1 : 0);

function build() {
  const project = path.join(root, ".vercel/project.json");
  if (!existsSync(project)) {
    mkdirSync(path.dirname(project), { recursive: true });
    const settings = { framework: "nextjs" };
    writeFileSync(project, JSON.stringify({ projectId: "check-vercel", orgId: "check-vercel", settings }) + "\n");
  }
  const result = spawnSync("npx", ["vercel", "build", "--prod", "--yes"], {
    stdio: "inherit",
    env: { ...process.env, VERCEL_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) {
    console.error("vercel build failed (its message is above).");
    process.exit(1);
  }
}

/** Each function's files: its own directory, and what its .vc-config.json maps in from the project. */
function functionProblems(): string[] {
  const problems: string[] = [];
  for (const dir of functionDirs(path.join(output, "functions"))) {
    const name = path.relative(path.join(output, "functions"), dir);
    const files = filesOf(dir);
    const bytes = files.reduce((sum, file) => sum + statSync(file.path).size, 0);
    console.log(`${name}: ${(bytes / 1e6).toFixed(1)} MB`);
    if (bytes > FUNCTION_MAX_MB * 1e6) problems.push(`${name} is ${(bytes / 1e6).toFixed(1)} MB, over ${FUNCTION_MAX_MB} MB`);
    if (name === "_middleware.func") {
      const carried = proxyForbidden.filter((library) => files.some((file) => file.name.includes(library)));
      if (carried.length > 0) problems.push(`the proxy carries ${carried.join(" and ")}`);
    }
  }
  return problems;
}

/** The functions' own directories; Vercel's output links most routes to one of them. */
function functionDirs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isSymbolicLink() || !entry.isDirectory()) return [];
    return entry.name.endsWith(".func") ? [full] : functionDirs(full);
  });
}

function filesOf(func: string): { name: string; path: string }[] {
  const own = readdirSync(func, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => ({ name: path.join(entry.parentPath, entry.name), path: path.join(entry.parentPath, entry.name) }));
  const config = JSON.parse(readFileSync(path.join(func, ".vc-config.json"), "utf8"));
  const mapped = Object.entries<string>(config.filePathMap ?? {}).map(([name, source]) => ({
    name,
    path: path.resolve(root, source),
  }));
  return [...own, ...mapped.filter((file) => existsSync(file.path))];
}

/** Hobby runs crons at most once a day: a fixed minute and hour. */
function cronProblems(): string[] {
  const { crons = [] } = JSON.parse(readFileSync(path.join(root, "vercel.json"), "utf8"));
  return (crons as { path: string; schedule: string }[])
    .filter((cron) => !/^\d+ \d+ /.test(cron.schedule))
    .map((cron) => `the cron ${cron.path} runs more often than daily (${cron.schedule})`);
}

/** The prerendered pages, sitemap and robots.txt (static files and prerender fallbacks) carry the build's site address. */
function siteAddressProblems(): string[] {
  const prerendered = ["static", "functions"].flatMap((dir) =>
    readdirSync(path.join(output, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.prerender-fallback\.|\.(html|xml|txt)$/.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .filter((file) => !file.includes(".func/")),
  );
  console.log(`${prerendered.length} prerendered files checked for the site address`);
  return prerendered
    .filter((file) => /https?:\/\/(localhost|127\.0\.0\.1)\b/.test(readFileSync(file, "utf8")))
    .map((file) => `${path.relative(output, file)} links to localhost: set SITE_URL`);
}

/**
 * Vercel serves a page from its cache when the output prerenders it (a .prerender-config.json beside
 * its function), and passes on the Cache-Control that next.config.ts adds (config.json's routes).
 */
function cacheProblems(): string[] {
  const functions = path.join(output, "functions");
  const prerendered = new Set(
    readdirSync(functions, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.name.endsWith(".prerender-config.json"))
      .map((entry) => path.relative(functions, path.join(entry.parentPath, entry.name)).replace(/\.prerender-config\.json$/, "")),
  );
  const { routes = [] } = JSON.parse(readFileSync(path.join(output, "config.json"), "utf8"));
  const cacheControlOf = (url: string) =>
    (routes as { src?: string; headers?: Record<string, string> }[])
      .filter((route) => route.src && route.headers && new RegExp(route.src).test(url))
      .map((route) => Object.entries(route.headers!).find(([name]) => name.toLowerCase() === "cache-control")?.[1])
      .filter(Boolean)
      .at(-1);
  console.log(`${prerendered.size} prerendered routes; catalog pages say ${cacheControlOf("/")}`);
  return [
    ...catalogRoutes.filter((route) => !prerendered.has(route)).map((route) => `${route} is not served from Vercel's cache`),
    ...personalRoutes
      .filter((route) => !existsSync(path.join(functions, `${route}.func`)))
      .map((route) => `${route} has no function`),
    ...personalRoutes
      .filter((route) => prerendered.has(route))
      .map((route) => `${route}, a personal page, is served from Vercel's cache`),
    ...catalogUrls
      .filter((url) => cacheControlOf(url) !== catalogCacheControl)
      .map((url) => `${url} says Cache-Control ${cacheControlOf(url)}, not ${catalogCacheControl}`),
    ...personalUrls
      .filter((url) => cacheControlOf(url))
      .map((url) => `${url}, a personal page, says Cache-Control ${cacheControlOf(url)}`),
  ];
}
