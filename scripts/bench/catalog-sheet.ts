// The catalog spreadsheet (issue 60) with a 5,000-row file in a scratch database: the export, the
// preview (read, check, compare with the catalog, store: previewSheet()) and the apply
// (applySheet()), on the embedded database and, with DATABASE_URL, on PostgreSQL. The file is the
// export of a 3,000-product catalog (5,000 variants) with a price changed on every fifth row and a
// stock count on every seventh. Target: the preview within a few seconds (≤ 3 s). Beside each wall
// time, the CPU time this process spent (the embedded database's work included, PostgreSQL's not),
// which a busy machine inflates less.
// Run alone with `npx tsx --conditions=react-server scripts/bench/catalog-sheet.ts`; `npm run bench`
// runs it after the order list (BENCH_SKIP_SHEET=1 leaves it out).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { insertProducts, seedIfEmpty } from "@/lib/catalog/seed";
import { applySheet } from "@/lib/catalog/sheet-apply";
import { catalogSheet } from "@/lib/catalog/sheet-export";
import { previewSheet } from "@/lib/catalog/sheet-preview";
import { csvLines } from "@/lib/core/csv";
import { connect } from "@/lib/db";
import { benchCatalog } from "./catalog";
import { onScratchPostgres, percentiles } from "./measure";

const productCount = 3000;
const previewRuns = Number(process.env.BENCH_SHEET_RUNS ?? 3);
const targetPreviewMs = 3000;
const admin = { id: null, label: "bench@example.com" };

type Figure = {
  database: string;
  rows: number;
  changes: number;
  "export ms": number;
  "preview ms (median)": number;
  "preview CPU ms (median)": number;
  "apply ms": number;
  "apply CPU ms": number;
  ok: string;
};

export async function benchCatalogSheet(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-sheet-"));
  try {
    figures.push(await benchSheet("embedded", { dataDir, url: "" }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (process.env.DATABASE_URL)
    figures.push(await onScratchPostgres(process.env.DATABASE_URL, "sheet", (url) => benchSheet("PostgreSQL", { url })));
  console.log(
    `\nCatalog spreadsheet: a ${productCount.toLocaleString("en")}-product catalog's export, edited; target: preview ≤ ${targetPreviewMs} ms.\n`,
  );
  console.table(figures);
  return figures;
}

async function benchSheet(database: string, where: { dataDir?: string; url?: string }): Promise<Figure> {
  const connection = await connect(where);
  try {
    await connection.prepare(seedIfEmpty);
    await connection.db.execute(sql`truncate variants, products restart identity cascade`);
    await insertProducts(connection.db, benchCatalog(productCount));
    let started = performance.now();
    const exported = await catalogSheet(connection.db);
    const exportMs = performance.now() - started;
    const bytes = new TextEncoder().encode(edited(exported));

    const latencies: number[] = [];
    const cpuTimes: number[] = [];
    let importId = 0;
    let changes = 0;
    for (let run = 0; run < previewRuns; run++) {
      started = performance.now();
      const cpu = process.cpuUsage();
      const preview = await previewSheet(connection.db, { name: "bench.csv", bytes }, admin);
      latencies.push(performance.now() - started);
      const used = process.cpuUsage(cpu);
      cpuTimes.push((used.user + used.system) / 1000);
      if (!preview.ok || preview.plan.refused.length > 0)
        throw new Error(`The bench file was refused: ${JSON.stringify(preview)}`);
      importId = preview.importId;
      changes = preview.plan.updates.length;
    }
    started = performance.now();
    const cpu = process.cpuUsage();
    const applied = await applySheet(connection.db, importId, admin);
    const applyMs = performance.now() - started;
    const applyCpu = process.cpuUsage(cpu);
    if (!applied.ok) throw new Error(`The bench file was not applied: ${JSON.stringify(applied)}`);
    const { p50 } = percentiles(latencies);
    return {
      database,
      rows: parse(exported).length - 1,
      changes,
      "export ms": Math.round(exportMs),
      "preview ms (median)": Math.round(p50),
      "preview CPU ms (median)": Math.round(percentiles(cpuTimes).p50),
      "apply ms": Math.round(applyMs),
      "apply CPU ms": Math.round((applyCpu.user + applyCpu.system) / 1000),
      ok: p50 <= targetPreviewMs ? "yes" : "NO",
    };
  } finally {
    await connection.close();
  }
}

/** The export with a price changed on every fifth row and a stock count on every seventh. */
function edited(exported: string): string {
  const [columns, ...rows]: string[][] = parse(exported);
  const [price, stock] = [columns.indexOf("price"), columns.indexOf("stock")];
  rows.forEach((row, index) => {
    if (index % 5 === 0) row[price] = String(Number(row[price]) + 50);
    if (index % 7 === 0) row[stock] = String(Number(row[stock]) + 3);
  });
  return csvLines([columns, ...rows]);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await benchCatalogSheet();
