import { describe, expect, it } from "vitest";
import { listenForCacheChanges, sizeChartTag, type CacheTag } from "@/lib/cache/changes";
import type { Connection } from "@/lib/db";
import { sizeChartRows } from "@/lib/db/schema";
import { withTestConnection } from "@/lib/testing/db";
import { reseed } from "./seed";
import { seedSizeCharts } from "./seed-data";
import { listSizeChart, listSizeCharts, saveSizeChart } from "./size-charts";
import { sizesOf } from "./sizes";
import { testCategories } from "@/lib/testing/fixtures";

let connection: Connection;
withTestConnection((opened) => (connection = opened));

const database = process.env.DATABASE_URL ? "PostgreSQL server" : "embedded";

describe(`size charts (${database})`, () => {
  it("are seeded for hoodies and t-shirts, every size of theirs (kids' first), and none for trash bags", async () => {
    const charts = await listSizeCharts(connection.db);
    expect(Object.keys(charts).sort()).toEqual(["hoodies", "tshirts"]);
    const hoodies = testCategories.find((category) => category.slug === "hoodies")!;
    expect(charts.hoodies?.map((row) => row.size)).toEqual(sizesOf(hoodies));
    expect(charts.tshirts?.find((row) => row.size === "M")).toEqual({ size: "M", chest: 52, length: 72, sleeve: 21 });
    expect(await listSizeChart(connection.db, "trashbags")).toEqual([]);
  });

  it("are replaced whole, in size order, and every instance hears which category changed", async () => {
    const heard: CacheTag[][] = [];
    const stop = listenForCacheChanges(connection, async (tags) => void heard.push(tags), { settleMs: 60_000 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300)); // The server-side LISTEN is in place.
      const rows = [
        { size: "XXL", chest: 66, length: 77, sleeve: 66 },
        { size: "M", chest: 57, length: 70, sleeve: 63 },
      ] as const;
      await saveSizeChart(connection.db, { category: "hoodies", rows: [...rows] });
      expect(await listSizeChart(connection.db, "hoodies")).toEqual([rows[1], rows[0]]);
      expect(await listSizeChart(connection.db, "tshirts")).toEqual(
        seedSizeCharts.find((chart) => chart.category === "tshirts")!.rows,
      );
      await expect.poll(() => heard, { timeout: 5000 }).toEqual([[sizeChartTag("hoodies")]]);
    } finally {
      await stop();
    }
  });

  // Which sizes a chart may hold is its category's data, checked by the chart's form (size-chart-rules.test.ts).
  it("refuses a measurement of zero in the database too", async () => {
    const row = { category: "hoodies", size: "S", chestCm: 0, lengthCm: 60, sleeveCm: 60 };
    await expect(connection.db.insert(sizeChartRows).values(row)).rejects.toThrow();
  });

  it("an empty chart removes the category's guide; the demo reseed puts the demo charts back", async () => {
    await saveSizeChart(connection.db, { category: "tshirts", rows: [] });
    expect(await listSizeChart(connection.db, "tshirts")).toEqual([]);
    expect(await reseed(connection.db)).toEqual({ ok: true, deletedOrders: 0 });
    expect(await listSizeCharts(connection.db)).toEqual(
      Object.fromEntries(seedSizeCharts.map((chart) => [chart.category, chart.rows])),
    );
  });
});
