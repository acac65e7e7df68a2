// The mixed load: BENCH_LOAD_CONNECTIONS (100) connections with no pause between requests for
// BENCH_LOAD_SECONDS (60) against the built shop on a scratch embedded database, on home, a product,
// a category, search, all products and the viewer endpoint; one connection in ten buys instead
// (add to cart, open the checkout, place the order), and its checkout posts are reported apart (an
// order refused because the stock ran out is no error). Per route: requests per second,
// p50/p95/p99 and errors; and the server's peak memory (RSS of its process tree). Goals: zero
// errors, every route's p99 at most 500 ms, and at most 500 MB.
// Run alone with `npx tsx scripts/bench/load.ts`; `npm run bench` runs it last (BENCH_SKIP_LOAD=1
// leaves it out).
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { seedProducts } from "@/lib/catalog/seed-data";
import { Shopper } from "../instances/shopper";
import { freePort, waitForServer } from "./server";

const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const connections = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 100);

const routes: Record<string, () => string> = {
  home: () => "/",
  product: () => `/products/${pick(seedProducts).slug}`,
  category: () => `/categories/${pick(["hoodies", "tshirts", "trashbags"])}`,
  search: () => `/search?q=${pick(["hoodie", "kijani", "tee", "bag", "nairobi"])}`,
  "all products": () => "/products",
  viewer: () => "/api/viewer",
};
const checkoutRoute = "checkout (POST)";

type Tally = { latencies: number[]; errors: number; refused: number };

/** Runs the mixed load against a fresh server and prints its table. */
export async function benchLoad(): Promise<void> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-load-"));
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const server = spawn(process.execPath, ["scripts/serve.mjs"], {
    env: {
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
      HOSTNAME: "127.0.0.1",
      // Every buyer orders from 127.0.0.1 with one phone: the checkout limits are not what is measured.
      PAY_ON_DELIVERY_PER_PHONE: "100000",
      PAY_ON_DELIVERY_PER_ADDRESS: "100000",
    },
    stdio: "ignore",
  });
  // Two peaks: creating a fresh database on the first start (PGlite's initdb and the migrations)
  // costs more than any load, so the peak under load is measured from the moment the server answers.
  const peaks = { start: 0, load: 0 };
  let phase: keyof typeof peaks = "start";
  const sampler = setInterval(() => (peaks[phase] = Math.max(peaks[phase], treeRss(server.pid!))), 200);
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForServer(baseUrl, "/api/health");
    phase = "load";
    console.log(`\nMixed load: ${connections} connections, ${seconds} s, no pause between requests…`);
    const tallies = new Map<string, Tally>([...Object.keys(routes), checkoutRoute].map((name) => [name, tally()]));
    const endAt = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, (_, index) =>
        index % 10 === 9 ? buyer(baseUrl, endAt, tallies.get(checkoutRoute)!) : browser(baseUrl, endAt, tallies),
      ),
    );
    printTable(tallies, peaks);
  } finally {
    clearInterval(sampler);
    // The embedded database writes its files until the server has exited.
    const exited = new Promise((resolve) => server.once("exit", resolve));
    if (server.kill()) await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A connection that browses: one route after another, at random. */
async function browser(baseUrl: string, endAt: number, tallies: Map<string, Tally>) {
  const names = Object.keys(routes);
  while (Date.now() < endAt) {
    const name = pick(names);
    await timed(tallies.get(name)!, async () => {
      const answer = await fetch(new URL(routes[name](), baseUrl), { redirect: "manual" });
      await answer.arrayBuffer();
      return answer.status < 400 ? "ok" : "error";
    });
  }
}

/** A connection that buys one unit of a product at a time, as a guest; only the checkout post is timed. */
async function buyer(baseUrl: string, endAt: number, checkout: Tally) {
  while (Date.now() < endAt) {
    const shopper = new Shopper(baseUrl);
    try {
      if (!(await shopper.addToCart(pick(seedProducts).slug))) continue; // sold out
      const fields = await shopper.checkoutFields(`load-${Date.now()}-${Math.random()}@example.com`);
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

async function timed(into: Tally, request: () => Promise<"ok" | "refused" | "error">) {
  const started = performance.now();
  const outcome = await request().catch(() => "error" as const);
  into.latencies.push(performance.now() - started);
  if (outcome === "error") into.errors++;
  if (outcome === "refused") into.refused++;
}

/** The resident memory of a process and all its descendants, in bytes (Linux /proc). */
function treeRss(rootPid: number): number {
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
  let total = 0;
  const pending = [rootPid];
  while (pending.length) {
    const pid = pending.pop()!;
    try {
      total += Number(readFileSync(`/proc/${pid}/statm`, "utf8").split(" ")[1]) * 4096;
    } catch {
      continue;
    }
    pending.push(...(children.get(pid) ?? []));
  }
  return total;
}

function printTable(tallies: Map<string, Tally>, peaks: { start: number; load: number }) {
  const at = (sorted: number[], p: number) =>
    sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]) : "-";
  console.table(
    [...tallies].map(([route, { latencies, errors, refused }]) => {
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        route,
        requests: latencies.length,
        "req/s": Number((latencies.length / seconds).toFixed(1)),
        "p50 ms": at(sorted, 50),
        "p95 ms": at(sorted, 95),
        "p99 ms": at(sorted, 99),
        errors,
        ...(route === checkoutRoute ? { "refused (sold out)": refused } : {}),
      };
    }),
  );
  const errors = [...tallies.values()].reduce((sum, { errors }) => sum + errors, 0);
  const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;
  console.log(
    `Server's peak memory (RSS of its process tree) under load: ${mb(peaks.load)} (goal: ≤500 MB); ` +
      `while creating its database on the first start: ${mb(peaks.start)}. Errors: ${errors} (goal: 0).`,
  );
}

const tally = (): Tally => ({ latencies: [], errors: 0, refused: 0 });
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];

if (import.meta.url === pathToFileURL(process.argv[1]).href) await benchLoad();
