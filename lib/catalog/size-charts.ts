import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { announceCacheChange, sizeChartTag } from "@/lib/cache/changes";
import type { Database } from "@/lib/db";
import { categories, sizeChartRows } from "@/lib/db/schema";
import type { CategorySlug } from "./categories";
import type { SizeChartInput, SizeChartRow } from "./size-chart-rules";

/** A category's size chart in its sizes' order; empty when it has none. */
export async function listSizeChart(db: Database, category: string): Promise<SizeChartRow[]> {
  return db
    .select(chartColumns)
    .from(sizeChartRows)
    .innerJoin(categories, eq(categories.slug, sizeChartRows.category))
    .where(eq(sizeChartRows.category, category))
    .orderBy(asc(sizeOrder));
}

/** Every category's chart, for the staff page. */
export async function listSizeCharts(db: Database): Promise<Partial<Record<CategorySlug, SizeChartRow[]>>> {
  const rows = await db
    .select({ category: sizeChartRows.category, ...chartColumns })
    .from(sizeChartRows)
    .innerJoin(categories, eq(categories.slug, sizeChartRows.category))
    .orderBy(asc(sizeOrder));
  const charts: Partial<Record<string, SizeChartRow[]>> = {};
  for (const { category, ...row } of rows) (charts[category] ??= []).push(row);
  return charts;
}

/**
 * Replaces a category's chart with the rows given (none: the category shows no guide), in one
 * transaction that tells every instance to re-render that category's product pages.
 */
export async function saveSizeChart(db: Database, { category, rows }: SizeChartInput): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(sizeChartRows).where(eq(sizeChartRows.category, category));
    if (rows.length > 0) await tx.insert(sizeChartRows).values(rows.map((row) => ({ category, ...columnsOf(row) })));
    await announceCacheChange(tx, sizeChartTag(category));
  });
}

/** Inserts charts as they are, for the demo catalog's seed. */
export async function insertSizeCharts(db: Database, charts: SizeChartInput[]): Promise<void> {
  const rows = charts.flatMap(({ category, rows }) => rows.map((row) => ({ category, ...columnsOf(row) })));
  if (rows.length > 0) await db.insert(sizeChartRows).values(rows);
}

const chartColumns = {
  size: sizeChartRows.size,
  chest: sizeChartRows.chestCm,
  length: sizeChartRows.lengthCm,
  sleeve: sizeChartRows.sleeveCm,
};

/** Sizes in their category's order (kids' then adults', as lib/catalog/sizes.ts lists them), not the alphabet's. */
const sizeOrder = sql`array_position(${categories.kidsSizes} || ${categories.adultSizes}, ${sizeChartRows.size})`;

const columnsOf = (row: SizeChartRow) => ({ size: row.size, chestCm: row.chest, lengthCm: row.length, sleeveCm: row.sleeve });
