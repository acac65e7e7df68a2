import { describe, expect, it } from "vitest";
import { cacheTags, productTag } from "@/lib/cache/changes";
import type { Database } from "@/lib/db";
import { withTestDb } from "@/lib/testing/db";
import { createProduct } from "@/lib/testing/fixtures";
import { staleAfterStockChange } from "./cache-changes";

let db: Database;
withTestDb((opened) => (db = opened));

/**
 * A product whose variants hold `levels` now, after the first variant lost or gained `change`
 * units (read as the order's transaction would), and what that made stale.
 */
async function afterChange(levels: number[], change: number) {
  const { product, variantIds } = await createProduct(
    db,
    levels.map((stock) => ({ stock })),
  );
  const line = { variantId: variantIds[0], productId: product.id, slug: product.slug, change };
  return { page: productTag(product.slug), tags: await staleAfterStockChange(db, [line]) };
}

describe("staleAfterStockChange", () => {
  it("makes nothing stale while the variant stays plentiful, since no page shows its level", async () => {
    expect((await afterChange([10, 4], -2)).tags).toEqual([]); // 12 → 10, 'In stock' still
  });

  it("makes only the product's page stale when a variant's label changes but its card does not", async () => {
    const { page, tags } = await afterChange([5, 20], -2); // 'In stock' → 'Only 5 left'; the card is in stock
    expect(tags).toEqual([page]);
    expect((await afterChange([2, 20], -1)).tags).toHaveLength(1); // 'Only 3 left' → 'Only 2 left'
  });

  it("makes every listing stale too when the card turns to low stock", async () => {
    const { page, tags } = await afterChange([3, 2], -1); // 6 → 5
    expect(tags).toEqual([cacheTags.catalog, page]);
  });

  it("makes every listing stale when the product sells out, or comes back", async () => {
    expect((await afterChange([0, 0], -2)).tags).toContain(cacheTags.catalog); // 2 → 0
    expect((await afterChange([1, 0], 1)).tags).toContain(cacheTags.catalog); // 0 → 1, a cancellation
  });

  it("adds up an order's lines of one variant before comparing", async () => {
    const { product, variantIds } = await createProduct(db, [{ stock: 4 }, { stock: 20 }]);
    const line = { variantId: variantIds[0], productId: product.id, slug: product.slug, change: -1 };
    expect(await staleAfterStockChange(db, [line, line])).toEqual([productTag(product.slug)]); // 6 → 4
    const plenty = { ...line, variantId: variantIds[1] };
    expect(await staleAfterStockChange(db, [plenty, plenty])).toEqual([]); // 22 → 20
  });
});
