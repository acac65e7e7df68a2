import { describe, expect, it } from "vitest";
import { cacheTags, productTag } from "@/lib/cache/changes";
import type { Database } from "@/lib/db";
import { withTestDb } from "@/lib/testing/db";
import { createProduct } from "@/lib/testing/fixtures";
import { staleAfterStockChange } from "./cache-changes";

let db: Database;
withTestDb((opened) => (db = opened));

/** A product whose variants hold `levels` now, after `change` units left it (read as the order's transaction would). */
async function afterChange(levels: number[], change: number) {
  const { product } = await createProduct(
    db,
    levels.map((stock) => ({ stock })),
  );
  return { product, tags: await staleAfterStockChange(db, [{ productId: product.id, slug: product.slug, change }]) };
}

describe("staleAfterStockChange", () => {
  it("makes only the product's page stale while its card still says in stock", async () => {
    const { product, tags } = await afterChange([10, 4], -2); // 16 → 14
    expect(tags).toEqual([productTag(product.slug)]);
  });

  it("makes every listing stale too when the card turns to low stock", async () => {
    const { product, tags } = await afterChange([3, 2], -1); // 6 → 5
    expect(tags).toEqual([cacheTags.catalog, productTag(product.slug)]);
  });

  it("makes every listing stale when the product sells out, or comes back", async () => {
    expect((await afterChange([0, 0], -2)).tags).toContain(cacheTags.catalog); // 2 → 0
    expect((await afterChange([1, 0], 1)).tags).toContain(cacheTags.catalog); // 0 → 1, a cancellation
  });

  it("adds up an order's lines of one product before comparing", async () => {
    const { product } = await createProduct(db, [{ stock: 2 }, { stock: 2 }]);
    const line = { productId: product.id, slug: product.slug, change: -1 };
    expect(await staleAfterStockChange(db, [line, line])).toEqual([cacheTags.catalog, productTag(product.slug)]); // 6 → 4
    expect(await staleAfterStockChange(db, [line])).toEqual([productTag(product.slug)]); // 5 → 4
  });
});
