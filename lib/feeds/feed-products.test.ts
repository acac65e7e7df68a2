import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seedProducts } from "@/lib/catalog/seed-data";
import type { Database } from "@/lib/db";
import { products, variants } from "@/lib/db/schema";
import { withTestDb } from "@/lib/testing/db";
import { createProduct } from "@/lib/testing/fixtures";
import { feedEntries } from "./entries";
import { listFeedProducts } from "./feed-products";

let db: Database;
withTestDb((opened) => (db = opened));

describe("the feeds' catalog", () => {
  it("lists every variant on sale of every published product of the demo seed, each with a raster picture that exists", async () => {
    const { entries, excluded } = feedEntries(await listFeedProducts(db), "https://shop.example", "google");
    expect(excluded).toEqual([]);
    const seedVariants = seedProducts.flatMap((product) => product.variants);
    expect(entries.length).toBeGreaterThanOrEqual(seedVariants.length);
    for (const entry of entries) {
      const file = path.join("public", new URL(entry.imageLink).pathname);
      expect(existsSync(file), file).toBe(true);
    }
  });

  it("leaves out archived variants and products that are not published", async () => {
    const { product, variantIds } = await createProduct(db, [{ stock: 3 }, { stock: 5 }]);
    await db.update(variants).set({ archivedAt: new Date() }).where(eq(variants.id, variantIds[1]));
    const listed = () => listFeedProducts(db).then((catalog) => catalog.find((candidate) => candidate.id === product.id));
    expect((await listed())?.variants.map((variant) => variant.id)).toEqual([variantIds[0]]);
    await db.update(products).set({ status: "draft" }).where(eq(products.id, product.id));
    expect(await listed()).toBeUndefined();
  });
});

describe("the drawings' raster copies (npm run drawings:png)", () => {
  it("exist for every drawing, since the feeds link them", () => {
    const folder = "public/images/products";
    const drawings = readdirSync(folder).filter((name) => name.endsWith(".svg"));
    expect(drawings.length).toBeGreaterThan(0);
    for (const drawing of drawings) expect(existsSync(path.join(folder, drawing.replace(/\.svg$/, ".png"))), drawing).toBe(true);
  });
});
