import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, variants } from "./schema";
import { openTestDb } from "./test-db";

let connection: Awaited<ReturnType<typeof openTestDb>>;
beforeAll(async () => {
  connection = await openTestDb();
});
afterAll(() => connection.close());

describe(`database (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("is migrated and seeded with the glow-in-the-dark hoodie", async () => {
    const [hoodie] = await connection.db.select().from(products).where(eq(products.slug, "glow-in-the-dark-hoodie"));
    expect(hoodie?.category).toBe("hoodies");
  });

  it("never lets stock go below zero", async () => {
    const [variant] = await connection.db.select().from(variants).limit(1);
    await expect(
      connection.db.update(variants).set({ stock: -1 }).where(eq(variants.id, variant.id)),
    ).rejects.toThrow();
  });
});
