// The mixed load: BENCH_LOAD_CONNECTIONS (100) connections with no pause between requests for
// BENCH_LOAD_SECONDS (60) against the built shop on a scratch embedded database, on home, a product,
// a category, search, all products and the viewer endpoint; one connection in ten buys instead
// (add to cart, open the checkout, place the order), and its checkout posts are reported apart (an
// order refused because the stock ran out is no error). Per route: requests per second,
// p50/p95/p99 and errors; and the server's peak memory (RSS of its process tree). Goals: zero
// errors, every route's p99 at most 500 ms, and at most 650 MB on the embedded database, 300 MB on
// PostgreSQL by URL. Each scenario runs on a fresh server: the embedded database as is, then with
// the catalog announced as changed every BENCH_CHANGE_EVERY_S (5) seconds, as staff edits and orders
// announce it (through the listener's loopback on the embedded database, a NOTIFY on PostgreSQL);
// then, with DATABASE_URL, the same on a scratch PostgreSQL database.
// Beside it, issue 40's profile: a fixed number of connections on each of six URLs at once, where
// whole routes once timed out for a run (BENCH_LOAD_PROFILE=mixed or hot runs one of the two). A
// request unanswered after 10 s (autocannon's default) counts as a time-out in both.
// Run alone with `npx tsx --conditions=react-server scripts/bench/load.ts`; `npm run bench` runs it
// last (BENCH_SKIP_LOAD=1 leaves it out).
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Client } from "pg";
import { cacheLoopbackToken } from "@/lib/cache/changes";
import { seedIfEmpty } from "@/lib/catalog/seed";
import { seedProducts } from "@/lib/catalog/seed-data";
import { connect } from "@/lib/db";
import { Shopper } from "../instances/shopper";
import { onScratchPostgres } from "./measure";
import { freePort, waitForServer } from "./server";

const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const connections = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 100);
const changeEverySeconds = Number(process.env.BENCH_CHANGE_EVERY_S ?? 5);
// The bench announces changes as the server's own listener does, so both derive one loopback secret.
process.env.BETTER_AUTH_SECRET ??= "bench-load-secret-0123456789abcdefghijklmnopqrstuvwxyz";
const memoryGoalMb = { embedded: 650, postgres: 300 };

const routes: Record<string, () => string> = {
  home: () => "/",
  product: () => `/products/${pick(seedProducts).slug}`,
  category: () => `/categories/${pick(["hoodies", "tshirts", "trashbags"])}`,
  search: () => `/search?q=${pick(["hoodie", "kijani", "tee", "bag", "nairobi"])}`,
  "all products": () => "/products",
  viewer: () => "/api/viewer",
};
const checkoutRoute = "checkout (POST)";

/** Issue 40's profile: connections per URL. */
const hotRoutes: Record<string, number> = {
  "/": 20,
  "/products/glow-in-the-dark-hoodie": 20,
  "/categories/tshirts": 15,
  "/search?q=hoodie&category=all": 20,
  "/products": 15,
  "/api/viewer": 10,
};
const requestTimeoutMs = 10_000;

type Tally = { latencies: number[]; errors: number; timeouts: number; refused: number };

type Profile = "mixed" | "hot";
type Scenario = { databaseUrl?: string; catalogChanges: boolean; profile: Profile };

/** The mixed load's scenarios, each on a fresh server; BENCH_LOAD_ONLY=embedded or postgres runs one database's. */
export async function benchLoad(only = process.env.BENCH_LOAD_ONLY): Promise<void> {
  const wanted = process.env.BENCH_LOAD_PROFILE;
  const profiles = (["mixed", "hot"] as const).filter((profile) => !wanted || wanted === profile);
  for (const profile of profiles) {
    if (only !== "postgres") {
      await loadScenario({ catalogChanges: false, profile });
      await loadScenario({ catalogChanges: true, profile });
    }
    const databaseUrl = process.env.DATABASE_URL;
    if (databaseUrl && only !== "embedded")
      await onScratchPostgres(databaseUrl, "load", async (url) => {
        await seedDemoCatalog(url);
        await loadScenario({ databaseUrl: url, catalogChanges: true, profile });
      });
  }
}

/** Runs the mixed load against a fresh server and prints its table. */
async function loadScenario(scenario: Scenario): Promise<void> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-load-"));
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const server = spawn(process.execPath, ["scripts/serve.mjs"], {
    env: {
      ...env,
      // A deployment on a database server needs its public address.
      ...(scenario.databaseUrl ? { DATABASE_URL: scenario.databaseUrl, SITE_URL: `http://127.0.0.1:${port}` } : {}),
      PORT: String(port),
      DATA_DIR: dataDir,
      HOSTNAME: "127.0.0.1",
      // Each buyer is a phone of its own, with its own number and address (passed on as by a proxy), so
      // checkouts contend for stock as real ones do, not for one buyer's pay-on-delivery counters.
      TRUSTED_PROXY_HOPS: "1",
    },
    stdio: "ignore",
  });
  // Two peaks: creating a fresh database on the first start (PGlite's initdb and the migrations)
  // costs more than any load, so the peak under load is measured from the moment the server answers.
  // Under load, also the server process's own peak: npm start's serve.mjs is a node process too.
  const peaks = { start: 0, load: 0, server: 0 };
  let phase: "start" | "load" = "start";
  const sampler = setInterval(() => {
    const { tree, largest } = treeRss(server.pid!);
    peaks[phase] = Math.max(peaks[phase], tree);
    if (phase === "load") peaks.server = Math.max(peaks.server, largest);
  }, 200);
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForServer(baseUrl, "/api/health");
    phase = "load";
    const database = scenario.databaseUrl ? "postgres" : "embedded";
    const changes = scenario.catalogChanges ? `, the catalog changed every ${changeEverySeconds} s` : "";
    const load = scenario.profile === "mixed" ? mixedLoad : hotLoad;
    console.log(`\n${load.title} on ${database}: ${seconds} s, no pause between requests${changes}…`);
    const tallies = new Map<string, Tally>(load.names.map((name) => [name, tally()]));
    const endAt = Date.now() + seconds * 1000;
    const stopChanges = scenario.catalogChanges ? await announceChanges(baseUrl, scenario.databaseUrl) : async () => {};
    try {
      await load.run(baseUrl, endAt, tallies);
    } finally {
      await stopChanges();
    }
    printTable(tallies, peaks, memoryGoalMb[database]);
  } finally {
    clearInterval(sampler);
    // The embedded database writes its files until the server has exited.
    const exited = new Promise((resolve) => server.once("exit", resolve));
    if (server.kill()) await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const mixedLoad = {
  title: `Mixed load of ${connections} connections`,
  names: [...Object.keys(routes), checkoutRoute],
  run: (baseUrl: string, endAt: number, tallies: Map<string, Tally>) =>
    Promise.all(
      Array.from({ length: connections }, (_, index) =>
        index % 10 === 9 ? buyer(baseUrl, endAt, tallies.get(checkoutRoute)!) : browser(baseUrl, endAt, tallies),
      ),
    ),
};

/**
 * Issue 40's profile, each URL requested once first as the issue did. Each URL's connections run in
 * a process of their own, as the issue's six autocannon processes did: one client process for all
 * of them is itself the bottleneck, and never showed the hang.
 */
const hotLoad = {
  title: `Issue 40's load (${Object.values(hotRoutes).reduce((sum, count) => sum + count)} connections on six URLs)`,
  names: Object.keys(hotRoutes),
  async run(baseUrl: string, endAt: number, tallies: Map<string, Tally>) {
    for (const route of Object.keys(hotRoutes)) await (await fetch(new URL(route, baseUrl))).arrayBuffer();
    await Promise.all(
      Object.entries(hotRoutes).map(async ([route, count]) => {
        const client = spawn(process.execPath, ["--input-type=module", "-e", hotClientSource], {
          env: { ...process.env, HOT_URL: new URL(route, baseUrl).href, HOT_COUNT: String(count), HOT_END_AT: String(endAt) },
          stdio: ["ignore", "pipe", "inherit"],
        });
        let output = "";
        client.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
        const code = await new Promise((resolve) => client.once("exit", resolve));
        if (!output) throw new Error(`The load on ${route} ended (exit code ${code}) without its figures`);
        Object.assign(tallies.get(route)!, JSON.parse(output));
      }),
    );
  },
};

// One URL's connections without a pause until HOT_END_AT, each request timed as `timed` does.
const hotClientSource = `
  const { HOT_URL: url, HOT_COUNT: count, HOT_END_AT: endAt } = process.env;
  const tally = { latencies: [], errors: 0, timeouts: 0, refused: 0 };
  // AbortSignal.timeout's timer does not keep the process alive: with every request hung, it would end.
  const alive = setInterval(() => {}, 1000);
  await Promise.all(Array.from({ length: Number(count) }, async () => {
    while (Date.now() < Number(endAt)) {
      const started = performance.now();
      try {
        const answer = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(${requestTimeoutMs}) });
        await answer.arrayBuffer();
        tally.latencies.push(performance.now() - started);
        if (answer.status >= 400) tally.errors++;
      } catch (error) {
        if (error.name === "TimeoutError") tally.timeouts++;
        else tally.errors++;
      }
    }
  }));
  clearInterval(alive);
  process.stdout.write(JSON.stringify(tally));
`;

/** A GET whose body is read to the end; a status of 400 or more is an error. */
async function get(url: URL): Promise<"ok" | "error"> {
  const answer = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(requestTimeoutMs) });
  await answer.arrayBuffer();
  return answer.status < 400 ? "ok" : "error";
}

/** A shop on a database server is never seeded by itself: the scratch database gets the demo catalog. */
async function seedDemoCatalog(url: string): Promise<void> {
  const connection = await connect({ url });
  try {
    await connection.prepare(seedIfEmpty);
  } finally {
    await connection.close();
  }
}

/**
 * Announces a catalog change every few seconds, as an edit on another instance would: a NOTIFY on the
 * shop's channel (PostgreSQL), or what the listener then does, a post to the loopback (embedded).
 */
async function announceChanges(baseUrl: string, databaseUrl?: string): Promise<() => Promise<void>> {
  const client = databaseUrl ? new Client({ connectionString: databaseUrl }) : null;
  await client?.connect();
  const announce = async () => {
    if (client) await client.query("select pg_notify('shop_cache', 'catalog')");
    else
      await fetch(new URL("/api/internal/cache", baseUrl), {
        method: "POST",
        headers: { authorization: `Bearer ${cacheLoopbackToken()}`, "content-type": "application/json" },
        body: JSON.stringify({ tags: ["catalog"] }),
      });
  };
  const timer = setInterval(
    () => void announce().catch((error) => console.error(`Could not announce: ${error}`)),
    changeEverySeconds * 1000,
  );
  return async () => {
    clearInterval(timer);
    await client?.end();
  };
}

/** A connection that browses: one route after another, at random. */
async function browser(baseUrl: string, endAt: number, tallies: Map<string, Tally>) {
  const names = Object.keys(routes);
  while (Date.now() < endAt) {
    const name = pick(names);
    await timed(tallies.get(name)!, () => get(new URL(routes[name](), baseUrl)));
  }
}

/** A connection that buys one unit of a product at a time, as a guest; only the checkout post is timed. */
async function buyer(baseUrl: string, endAt: number, checkout: Tally) {
  while (Date.now() < endAt) {
    const phone = Math.floor(Math.random() * 1e8);
    const shopper = new Shopper(baseUrl, { forwardedFor: `10.${(phone >> 16) & 255}.${(phone >> 8) & 255}.${phone & 255}` });
    try {
      if (!(await shopper.addToCart(pick(seedProducts).slug))) continue; // sold out
      const email = `load-${phone}@example.com`;
      const fields = await shopper.checkoutFields(email, `07${String(phone).padStart(8, "0")}`);
      await timed(checkout, async () => {
        const answer = await shopper.postCheckout(fields);
        await answer.arrayBuffer();
        return answer.status === 303 ? "ok" : answer.status === 200 ? "refused" : "error";
      });
    } catch {
      checkout.errors++;
    }
  }
}

/** Times a request; one unanswered after the time-out counts apart, without a latency. */
async function timed(into: Tally, request: () => Promise<"ok" | "refused" | "error">) {
  const started = performance.now();
  const outcome = await request().catch((error) => (error?.name === "TimeoutError" ? ("timeout" as const) : ("error" as const)));
  if (outcome === "timeout") {
    into.timeouts++;
    return;
  }
  into.latencies.push(performance.now() - started);
  if (outcome === "error") into.errors++;
  if (outcome === "refused") into.refused++;
}

/** The resident memory of a process and all its descendants, and of the largest of them, in bytes (Linux /proc). */
function treeRss(rootPid: number): { tree: number; largest: number } {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended meanwhile.
    }
  }
  let tree = 0;
  let largest = 0;
  const pending = [rootPid];
  while (pending.length) {
    const pid = pending.pop()!;
    try {
      const rss = Number(readFileSync(`/proc/${pid}/statm`, "utf8").split(" ")[1]) * 4096;
      tree += rss;
      largest = Math.max(largest, rss);
    } catch {
      continue;
    }
    pending.push(...(children.get(pid) ?? []));
  }
  return { tree, largest };
}

function printTable(tallies: Map<string, Tally>, peaks: { start: number; load: number; server: number }, memoryGoal: number) {
  const at = (sorted: number[], p: number) =>
    sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]) : "-";
  console.table(
    [...tallies].map(([route, { latencies, errors, timeouts, refused }]) => {
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        route,
        requests: latencies.length,
        "req/s": Number((latencies.length / seconds).toFixed(1)),
        "p50 ms": at(sorted, 50),
        "p95 ms": at(sorted, 95),
        "p99 ms": at(sorted, 99),
        errors,
        "time-outs": timeouts,
        ...(route === checkoutRoute ? { "refused (sold out)": refused } : {}),
      };
    }),
  );
  const errors = [...tallies.values()].reduce((sum, { errors, timeouts }) => sum + errors + timeouts, 0);
  const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;
  console.log(
    `Server's peak memory (RSS of its process tree) under load: ${mb(peaks.load)} (goal: ≤${memoryGoal} MB), ` +
      `of which the server process alone: ${mb(peaks.server)}; while creating its database on the first start: ` +
      `${mb(peaks.start)}. Errors and time-outs: ${errors} (goal: 0).`,
  );
}

const tally = (): Tally => ({ latencies: [], errors: 0, timeouts: 0, refused: 0 });
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];

if (import.meta.url === pathToFileURL(process.argv[1]).href) await benchLoad();
