import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withTestDb } from "@/lib/testing/db";
import type { Database } from "@/lib/db";
import { variants } from "@/lib/db/schema";
import { findRenamedCategory } from "./category-queries";
import { findProduct, findRenamedSlug, listProducts, listRelatedProducts } from "./queries";

let db: Database;
withTestDb((opened) => (db = opened));

describe(`catalog queries (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("seeds at least 24 products in every category", async () => {
    const all = await listProducts(db);
    expect(all.length).toBeGreaterThanOrEqual(24);
    for (const category of ["hoodies", "tshirts", "trashbags"] as const) {
      const inCategory = await listProducts(db, category);
      expect(inCategory.length).toBeGreaterThanOrEqual(6);
      expect(inCategory.every((product) => product.category === category)).toBe(true);
    }
  });

  it("finds a product with its variants and summed stock", async () => {
    const product = await findProduct(db, "maasai-mara-sunrise-tee");
    expect(product?.name).toBe("Maasai Mara Sunrise T-shirt");
    expect(product?.variants.find((variant) => variant.size === "L" && variant.colour === "White")?.stock).toBe(3);
    expect(product?.stock).toBe(product?.variants.reduce((sum, variant) => sum + variant.stock, 0));
    expect(product?.images[0].src).toBe("/images/products/maasai-mara-sunrise-tee.svg");
  });

  it("answers null for an unknown slug", async () => {
    expect(await findProduct(db, "no-such-product")).toBeNull();
  });

  it("answers null, without asking the database, for what a visitor's URL may hold but no slug can", async () => {
    for (const hostile of ["\0", "tee\0", "%00", "a".repeat(500), "Maasai Mara"]) {
      expect(await findProduct(db, hostile), JSON.stringify(hostile)).toBeNull();
      expect(await findRenamedSlug(db, hostile), JSON.stringify(hostile)).toBeNull();
      expect(await findRenamedCategory(db, hostile), JSON.stringify(hostile)).toBeNull();
    }
  });

  it("shows a sold-out product with zero stock", async () => {
    const product = await findProduct(db, "kanga-print-hoodie");
    expect(product?.stock).toBe(0);
  });

  it("relates products of the same category, never the product itself", async () => {
    const product = (await findProduct(db, "glow-in-the-dark-hoodie"))!;
    const related = await listRelatedProducts(db, product);
    expect(related.length).toBe(4);
    expect(related.every((item) => item.category === "hoodies" && item.id !== product.id)).toBe(true);
  });

  it("reflects stock changes in cards", async () => {
    const [variant] = await db.select().from(variants).limit(1);
    await db
      .update(variants)
      .set({ stock: variant.stock + 5 })
      .where(eq(variants.id, variant.id));
    const [card] = (await listProducts(db)).filter((product) => product.id === variant.productId);
    const product = await findProduct(db, card.slug);
    expect(card.stock).toBe(product!.stock);
    await db.update(variants).set({ stock: variant.stock }).where(eq(variants.id, variant.id));
  });
});
