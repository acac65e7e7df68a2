import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { products, variants } from "./schema";
import { withTestDb } from "@/lib/testing/db";
import type { Database } from "./client";

let db: Database;
withTestDb((opened) => (db = opened));

describe(`database (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("is migrated and seeded with the glow-in-the-dark hoodie", async () => {
    const [hoodie] = await db.select().from(products).where(eq(products.slug, "glow-in-the-dark-hoodie"));
    expect(hoodie?.category).toBe("hoodies");
  });

  it("never lets stock go below zero", async () => {
    const [variant] = await db.select().from(variants).limit(1);
    await expect(db.update(variants).set({ stock: -1 }).where(eq(variants.id, variant.id))).rejects.toThrow();
  });

  it.runIf(process.env.DATABASE_URL)("survives the server dropping idle pooled connections", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await Promise.all([1, 2, 3].map(() => db.execute(sql`select pg_sleep(0.05)`)));
      await db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`);
      await vi.waitFor(() => expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^Database connection lost/)));
      const [hoodie] = await db.select().from(products).where(eq(products.slug, "glow-in-the-dark-hoodie"));
      expect(hoodie).toBeDefined();
    } finally {
      logged.mockRestore();
    }
  });
});
