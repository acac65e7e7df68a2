import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products, variants } from "./schema";
import { useTestDb } from "./test-db";
import type { Database } from "./client";

let db: Database;
useTestDb((opened) => (db = opened));

describe(`database (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("is migrated and seeded with the glow-in-the-dark hoodie", async () => {
    const [hoodie] = await db.select().from(products).where(eq(products.slug, "glow-in-the-dark-hoodie"));
    expect(hoodie?.category).toBe("hoodies");
  });

  it("never lets stock go below zero", async () => {
    const [variant] = await db.select().from(variants).limit(1);
    await expect(
      db.update(variants).set({ stock: -1 }).where(eq(variants.id, variant.id)),
    ).rejects.toThrow();
  });
});
