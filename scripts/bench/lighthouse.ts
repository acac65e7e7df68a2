// Lighthouse 12 (mobile preset) against the system Chromium, with either throttling method:
// "simulate" (Lighthouse's default, which models a slow phone from an unthrottled load) or
// "devtools" (the same preset applied to the browser while it loads, as a real phone would be).
// The median of three runs per page (BENCH_RUNS for more), plus the gzipped JavaScript and HTML each page loads.
import { gzipSync } from "node:zlib";
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";

export type ThrottlingMethod = "simulate" | "devtools";

export type PageFigures = {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  lcpMs: number;
  /** Total blocking time: the main thread's long tasks between first paint and interactive. */
  tbtMs: number;
  /** What Lighthouse names as the largest contentful paint (a selector and its snippet), in the last run. */
  lcpElement: string;
  /** Gzipped bytes of every script the page loaded. */
  jsBytes: number;
  /** Gzipped bytes of the page's HTML document (what inlined CSS makes heavier, and no cache keeps). */
  htmlBytes: number;
  /** Scored audits short of full marks in any run, to say why a category lost points. */
  shortfalls: string[];
};

export const runsPerPage = Number(process.env.BENCH_RUNS) || 3;
const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Lighthouse figures for each path (medians of `runsPerPage` runs). */
export async function benchPages(baseUrl: string, paths: string[], throttlingMethod: ThrottlingMethod): Promise<PageFigures[]> {
  const chrome = await launchChromium();
  try {
    const figures: PageFigures[] = [];
    for (const path of paths) {
      const runs: PageFigures[] = [];
      for (let run = 0; run < runsPerPage; run++) runs.push(await auditOnce(baseUrl, path, chrome.port, throttlingMethod));
      figures.push(medianFigures(path, runs));
    }
    return figures;
  } finally {
    await chrome.close();
  }
}

/** Starts headless Chromium with a fresh profile and waits for its DevTools port. */
async function launchChromium(): Promise<{ port: number; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), "bench-chromium-"));
  const child = spawn(
    process.env.CHROME_PATH ?? "/usr/bin/chromium",
    [...chromeFlags, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"],
    // Its own process group, so closing it ends its helper processes too.
    { stdio: ["ignore", "ignore", "pipe"], detached: true },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const close = async () => {
    process.kill(-child.pid!, "SIGTERM");
    await exited;
    // A leftover scratch profile in the temp directory is harmless: never fail the bench over it.
    await rm(profile, { recursive: true, force: true, maxRetries: 10 }).catch(() => {});
  };
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.on("exit", (code) => reject(new Error(`Chromium exited (${code}) before opening DevTools:\n${output}`)));
  });
  return { port, close };
}

async function auditOnce(baseUrl: string, path: string, port: number, throttlingMethod: ThrottlingMethod): Promise<PageFigures> {
  const result = await lighthouse(new URL(path, baseUrl).href, {
    port,
    throttlingMethod,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    path,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    cls: audits["cumulative-layout-shift"]?.numericValue ?? NaN,
    lcpMs: audits["largest-contentful-paint"]?.numericValue ?? NaN,
    tbtMs: audits["total-blocking-time"]?.numericValue ?? NaN,
    lcpElement: lcpElementOf(audits["largest-contentful-paint-element"]?.details),
    jsBytes: await gzippedScriptBytes(audits["network-requests"]?.details),
    htmlBytes: await gzippedBytes(new URL(path, baseUrl).href),
    shortfalls: Object.values(categories).flatMap((category) =>
      category.auditRefs
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category.id}: ${ref.id}\t${audits[ref.id]!.displayValue || `score ${audits[ref.id]!.score}`}`),
    ),
  };
}

/** The LCP element's selector and snippet from the audit's details (a table inside a list). */
function lcpElementOf(details: unknown): string {
  type Node = { type?: string; selector?: string; snippet?: string };
  type Table = { items?: { node?: Node }[] };
  const tables = (details as { items?: Table[] } | undefined)?.items ?? [];
  const node = tables[0]?.items?.[0]?.node;
  return node ? `${node.selector ?? ""} ${node.snippet ?? ""}`.trim() : "";
}

/** Re-fetches each script the page loaded and gzips it, so the figure does not depend on the server's compression. */
async function gzippedScriptBytes(details: unknown): Promise<number> {
  const items = (details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ?? [];
  const scriptUrls = [...new Set(items.filter((item) => item.resourceType === "Script").map((item) => item.url))];
  let total = 0;
  for (const url of scriptUrls) total += await gzippedBytes(url);
  return total;
}

async function gzippedBytes(url: string): Promise<number> {
  const body = Buffer.from(await (await fetch(url)).arrayBuffer());
  return gzipSync(body, { level: 9 }).length;
}

function medianFigures(path: string, runs: PageFigures[]): PageFigures {
  // A run that could not measure a figure (NaN) leaves it to the others.
  const median = (pick: (figures: PageFigures) => number) => {
    const values = runs
      .map(pick)
      .filter((value) => !Number.isNaN(value))
      .sort((a, b) => a - b);
    return values.length ? values[Math.floor(values.length / 2)]! : NaN;
  };
  return {
    path,
    performance: median((f) => f.performance),
    accessibility: median((f) => f.accessibility),
    bestPractices: median((f) => f.bestPractices),
    seo: median((f) => f.seo),
    cls: median((f) => f.cls),
    lcpMs: median((f) => f.lcpMs),
    tbtMs: median((f) => f.tbtMs),
    lcpElement: runs.at(-1)?.lcpElement ?? "",
    jsBytes: median((f) => f.jsBytes),
    htmlBytes: median((f) => f.htmlBytes),
    shortfalls: mergeShortfalls(runs.flatMap((f) => f.shortfalls)),
  };
}

/** "category: audit<TAB>value" lines from several runs, as one line per audit listing each run's value. */
function mergeShortfalls(lines: string[]): string[] {
  const values = new Map<string, string[]>();
  for (const line of lines) {
    const [audit, value] = line.split("\t") as [string, string];
    values.set(audit, [...(values.get(audit) ?? []), value]);
  }
  return [...values].map(([audit, runValues]) => `${audit} (${runValues.join(", ")})`);
}
