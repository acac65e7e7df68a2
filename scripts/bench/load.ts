// The mixed load: BENCH_LOAD_CONNECTIONS (100) connections with no pause between requests for
// BENCH_LOAD_SECONDS (60) against the built shop on a scratch embedded database, on home, a product,
// a category, search, all products and the viewer endpoint; one connection in ten buys instead
// (add to cart, open the checkout, place the order), and its checkout posts are reported apart (an
// order refused because the stock ran out is no error). Beside it, issue 40's profile: a fixed
// number of connections on each of six URLs at once, where whole routes once timed out for a run
// (BENCH_LOAD_PROFILE=mixed or hot runs one of the two). A request unanswered after 10 s
// (autocannon's default) counts as a time-out in both.
// Each scenario runs BENCH_LOAD_RUNS (3) times on a fresh server: the embedded database as is, then
// with the catalog announced as changed every BENCH_CHANGE_EVERY_S (5) seconds, as staff edits and
// orders announce it (through the listener's loopback on the embedded database, a NOTIFY on
// PostgreSQL); then, with DATABASE_URL, the same on a scratch PostgreSQL database. The bare Next.js
// page gets the same connections first, in the same run. Per route, the medians of the runs:
// requests per second, p50/p95/p99, p99 as a multiple of the bare page's, errors and time-outs; and
// the server's peak memory (RSS of its process tree). Goals (issue 40): zero errors and time-outs,
// every route's p99 at most twice the bare page's, and at most 650 MB on the embedded database,
// 400 MB on PostgreSQL.
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
import { serveBareNext } from "./bare-next";
import { onScratchPostgres } from "./measure";
import { freePort, waitForServer } from "./server";

const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const connections = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 100);
const changeEverySeconds = Number(process.env.BENCH_CHANGE_EVERY_S ?? 5);
// The bench announces changes as the server's own listener does, so both derive one loopback secret.
process.env.BETTER_AUTH_SECRET ??= "bench-load-secret-0123456789abcdefghijklmnopqrstuvwxyz";
const runs = Number(process.env.BENCH_LOAD_RUNS ?? 3);
const memoryGoalMb = { embedded: 650, postgres: 400 };
/** Every route's p99 at most this many times the bare page's under the same connections (issue 40). */
const p99RatioGoal = 2;

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
type Peaks = { start: number; load: number; server: number };

type Profile = "mixed" | "hot";
type Scenario = { databaseUrl?: string; catalogChanges: boolean; profile: Profile };

/** The loads' scenarios, each on fresh servers; BENCH_LOAD_ONLY=embedded or postgres runs one database's. */
export async function benchLoad(only = process.env.BENCH_LOAD_ONLY): Promise<void> {
  const wanted = process.env.BENCH_LOAD_PROFILE;
  const profiles = (["mixed", "hot"] as const).filter((profile) => !wanted || wanted === profile);
  for (const profile of profiles) {
    const bareP99 = await measureBarePage(profile);
    if (only !== "postgres") {
      await loadScenario({ catalogChanges: false, profile }, bareP99);
      await loadScenario({ catalogChanges: true, profile }, bareP99);
    }
    const databaseUrl = process.env.DATABASE_URL;
    if (databaseUrl && only !== "embedded")
      await onScratchPostgres(databaseUrl, "load", async (url) => {
        await seedDemoCatalog(url);
        await loadScenario({ databaseUrl: url, catalogChanges: true, profile }, bareP99);
      });
  }
}

/** The bare Next.js page's p99 under the profile's connections, all on its one page: the median of the runs. */
async function measureBarePage(profile: Profile): Promise<number> {
  const bare = await serveBareNext();
  try {
    const p99s: number[] = [];
    for (let run = 0; run < runs; run++) {
      const into = tally();
      const endAt = Date.now() + seconds * 1000;
      if (profile === "mixed") await Promise.all(Array.from({ length: connections }, () => browse(bare.baseUrl, endAt, into)));
      else
        await runHot(
          Object.values(hotRoutes).map((count) => [bare.baseUrl, count, into]),
          endAt,
        );
      p99s.push(percentile(sorted(into.latencies), 99));
    }
    const p99 = median(p99s);
    console.log(`\nThe bare Next.js page under ${loads[profile].title}: p99 ${Math.round(p99)} ms (median of ${runs} runs).`);
    return p99;
  } finally {
    bare.close();
  }
}

/** Runs a scenario `runs` times, each against a fresh server, and prints the medians. */
async function loadScenario(scenario: Scenario, bareP99: number): Promise<void> {
  const database = scenario.databaseUrl ? "postgres" : "embedded";
  const changes = scenario.catalogChanges ? `, the catalog changed every ${changeEverySeconds} s` : "";
  const load = loads[scenario.profile];
  console.log(`\n${load.title} on ${database}: ${seconds} s, no pause between requests${changes}, median of ${runs} runs…`);
  const results: Awaited<ReturnType<typeof loadOnce>>[] = [];
  for (let run = 0; run < runs; run++) results.push(await loadOnce(scenario));
  printTable(results, bareP99, memoryGoalMb[database]);
}

/** One run of a scenario against a fresh server: each route's tally and the server's peak memory. */
async function loadOnce(scenario: Scenario): Promise<{ tallies: Map<string, Tally>; peaks: Peaks }> {
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
  const peaks: Peaks = { start: 0, load: 0, server: 0 };
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
    const load = loads[scenario.profile];
    const tallies = new Map<string, Tally>(load.names.map((name) => [name, tally()]));
    const endAt = Date.now() + seconds * 1000;
    const stopChanges = scenario.catalogChanges ? await announceChanges(baseUrl, scenario.databaseUrl) : async () => {};
    try {
      await untilRunEnds(load.run(baseUrl, endAt, tallies), endAt);
    } finally {
      await stopChanges();
    }
    return { tallies, peaks };
  } finally {
    clearInterval(sampler);
    // The embedded database writes its files until the server has exited.
    const exited = new Promise((resolve) => server.once("exit", resolve));
    if (server.kill()) await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** How long after its end a run waits for its last requests; each request gives up after 20 s at most. */
const lastAnswersMs = 60_000;

/**
 * Waits for a run's connections, at most lastAnswersMs past `endAt`. A run on a busy machine once
 * never ended: a connection still waited with no socket open, past every request's time-out.
 */
async function untilRunEnds(run: Promise<unknown>, endAt: number) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => (timer = setTimeout(resolve, endAt - Date.now() + lastAnswersMs, "late")));
  const outcome = await Promise.race([run, late]).finally(() => clearTimeout(timer));
  if (outcome === "late")
    console.warn("Some connections had not ended a minute after the run: the figures are from what answered.");
}

const mixedLoad = {
  title: `a mixed load of ${connections} connections`,
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
  title: `issue 40's load (${Object.values(hotRoutes).reduce((sum, count) => sum + count)} connections on six URLs)`,
  names: Object.keys(hotRoutes),
  async run(baseUrl: string, endAt: number, tallies: Map<string, Tally>) {
    for (const route of Object.keys(hotRoutes)) await (await fetch(new URL(route, baseUrl))).arrayBuffer();
    await runHot(
      Object.entries(hotRoutes).map(([route, count]) => [new URL(route, baseUrl).href, count, tallies.get(route)!]),
      endAt,
    );
  },
};

const loads = { mixed: mixedLoad, hot: hotLoad };

/** Each URL's connections in a client process of their own until `endAt`, tallied into its tally. */
async function runHot(groups: [url: string, count: number, into: Tally][], endAt: number) {
  await Promise.all(
    groups.map(async ([url, count, into]) => {
      const client = spawn(process.execPath, ["--input-type=module", "-e", hotClientSource], {
        env: { ...process.env, HOT_URL: url, HOT_COUNT: String(count), HOT_END_AT: String(endAt) },
        stdio: ["ignore", "pipe", "inherit"],
      });
      let output = "";
      client.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
      const code = await new Promise((resolve) => client.once("exit", resolve));
      if (!output) throw new Error(`The load on ${url} ended (exit code ${code}) without its figures`);
      const figures: Tally = JSON.parse(output);
      into.latencies.push(...figures.latencies);
      into.errors += figures.errors;
      into.timeouts += figures.timeouts;
    }),
  );
}

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
    () =>
      void announce().catch((error) => console.error(`Could not announce: ${error}${error.cause ? ` (${error.cause})` : ""}`)),
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

/** A connection that reads one page again and again: the bare page's share of a load. */
async function browse(url: string, endAt: number, into: Tally) {
  while (Date.now() < endAt) await timed(into, () => get(new URL(url)));
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

/** Each route's medians over the runs, its p99 against the bare page's, and the server's peak memory. */
function printTable(results: { tallies: Map<string, Tally>; peaks: Peaks }[], bareP99: number, memoryGoal: number) {
  const middle = (figure: (result: (typeof results)[number]) => number) => median(results.map(figure));
  const routes = [...results[0].tallies.keys()];
  console.table(
    routes.map((route) => {
      const of = (figure: (tally: Tally) => number) => middle(({ tallies }) => figure(tallies.get(route)!));
      const p99 = of(({ latencies }) => percentile(sorted(latencies), 99));
      return {
        route,
        "req/s": Number(of(({ latencies }) => latencies.length / seconds).toFixed(1)),
        "p50 ms": Math.round(of(({ latencies }) => percentile(sorted(latencies), 50))),
        "p95 ms": Math.round(of(({ latencies }) => percentile(sorted(latencies), 95))),
        "p99 ms": Math.round(p99),
        [`p99 × bare (goal ≤${p99RatioGoal})`]: Number((p99 / bareP99).toFixed(1)),
        errors: of(({ errors }) => errors),
        "time-outs": of(({ timeouts }) => timeouts),
        ...(route === checkoutRoute ? { "refused (sold out)": of(({ refused }) => refused) } : {}),
      };
    }),
  );
  const errors = results.map(({ tallies }) =>
    [...tallies.values()].reduce((sum, { errors, timeouts }) => sum + errors + timeouts, 0),
  );
  const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;
  console.log(
    `Server's peak memory (RSS of its process tree) under load: ${mb(middle(({ peaks }) => peaks.load))} (goal: ≤${memoryGoal} MB), ` +
      `of which the server process alone: ${mb(middle(({ peaks }) => peaks.server))}; while creating its database on the first ` +
      `start: ${mb(middle(({ peaks }) => peaks.start))}. Errors and time-outs per run: ${errors.join(", ")} (goal: 0).`,
  );
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
/** The p-th percentile of sorted values; Infinity for none (a route that never answered). */
const percentile = (values: number[], p: number) =>
  values.length ? values[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] : Infinity;
const median = (values: number[]) => percentile(sorted(values), 50);
const tally = (): Tally => ({ latencies: [], errors: 0, timeouts: 0, refused: 0 });
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];

if (import.meta.url === pathToFileURL(process.argv[1]).href) await benchLoad();
