// Search latency at 50 concurrent connections on the built shop, with 100 and with 10,000
// products in a scratch embedded database (never ./data). Needs `npm run build` first.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { insertProducts, seedIfEmpty } from "@/lib/catalog/seed";
import { seedProducts, type SeedProduct } from "@/lib/catalog/seed-data";
import { connect } from "@/lib/db/client";

const concurrency = 50;
// BENCH_SEARCH_REQUESTS shortens a run on a busy machine.
const requestsPerRun = Number(process.env.BENCH_SEARCH_REQUESTS ?? 1500);
const queries = [
  "q=hoodie", "q=hodie", "q=t-shirt", "q=tshirt&category=tshirts", "q=trash+bags", "q=trahs+bag", "q=nairobi",
  "q=organic+cotton", "q=skylne", "q=recycled&sort=price-asc", "q=kanga", "q=maasai+mara", "q=zzqxv",
  "q=glow&category=hoodies", "category=trashbags&sort=newest", "q=kids&sort=price-desc", "q=compostable", "q=lion",
];

export type SearchBenchResult = { products: number; p50: number; p95: number };

/** Runs the search benchmark and prints p50/p95 for 100 and 10,000 products. */
export async function benchSearch(): Promise<SearchBenchResult[]> {
  const results: SearchBenchResult[] = [];
  for (const size of [100, 10_000]) {
    results.push(await benchCatalogOf(size));
    console.log(results.at(-1));
  }
  console.log("\nSearch latency (/search HTML, %d concurrent connections, embedded database)", concurrency);
  console.table(results.map((result) => ({ products: result.products, "p50 ms": result.p50, "p95 ms": result.p95 })));
  const [small, large] = results;
  console.log(
    `p95 at 10,000: ${large.p95} ms (target ≤ 100 ms: ${large.p95 <= 100 ? "met" : "missed"}); ` +
      `${(large.p95 / small.p95).toFixed(2)}× the 100-product p95 (target ≤ 2×: ${large.p95 <= 2 * small.p95 ? "met" : "missed"})`,
  );
  return results;
}

async function benchCatalogOf(size: number): Promise<SearchBenchResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-search-"));
  try {
    console.log(`Seeding ${size} products into ${dataDir}…`);
    await seedScratchCatalog(dataDir, size);
    const port = await freePort();
    const server = spawn(process.execPath, ["scripts/serve.mjs"], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: "" },
      stdio: "inherit",
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitUntilReady(`${base}/api/health`);
      console.log(`Measuring ${requestsPerRun} searches at ${concurrency} concurrent connections…`);
      await load(base, concurrency); // warm up: JIT, query plans, caches
      const latencies = (await load(base, requestsPerRun)).sort((a, b) => a - b);
      return { products: size, p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
    } finally {
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A migrated database holding exactly `size` products, variations of the launch catalog. */
export async function seedScratchCatalog(dataDir: string, size: number) {
  const connection = await connect({ dataDir });
  try {
    await connection.prepare(seedIfEmpty);
    await connection.db.execute(sql`truncate variants, products restart identity cascade`);
    const batch: SeedProduct[] = [];
    for (let index = 0; index < size; index++) {
      batch.push(variation(index));
      if (batch.length === 500 || index === size - 1) await insertProducts(connection.db, batch.splice(0));
    }
    await connection.db.execute(sql`analyze`);
  } finally {
    await connection.close();
  }
}

const styles = ["Classic", "Urban", "Heritage", "Limited", "Everyday", "Studio", "Coastal", "Highland", "Sunday", "Market"];

function variation(index: number): SeedProduct {
  const base = seedProducts[index % seedProducts.length];
  const style = styles[Math.floor(index / seedProducts.length) % styles.length];
  const edition = Math.floor(index / (seedProducts.length * styles.length));
  return { ...base, slug: `${base.slug}-${index}`, name: `${style} ${base.name} ${edition || ""}`.trim(), variants: base.variants.slice(0, 2) };
}

/** Sends `total` requests over `concurrency` connections; returns each latency in ms. */
async function load(base: string, total: number): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const query = queries[next++ % queries.length];
      const started = performance.now();
      const response = await fetch(`${base}/search?${query}`);
      const html = await response.text();
      if (response.status !== 200 || !html.includes("</html>")) throw new Error(`/search?${query} answered ${response.status}`);
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return latencies;
}

function percentile(sorted: number[], p: number): number {
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
}

async function waitUntilReady(url: string) {
  for (let attempt = 0; attempt < 240; attempt++) {
    const ok = await fetch(url).then((response) => response.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The shop did not start: ${url}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await benchSearch();
