import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { products, variants } from "@/lib/db/schema";
import { seedProducts, type SeedProduct } from "./seed-data";

/** Seeds the catalog when there is no product yet. */
export async function seedIfEmpty(db: Database): Promise<void> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
  if (count === 0) await insertProducts(db, seedProducts);
}

/** Replaces the whole catalog with the seed data (npm run db:seed). */
export async function reseed(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(variants);
    await tx.delete(products);
    await insertProducts(tx as unknown as Database, seedProducts);
  });
}

export async function insertProducts(db: Database, items: SeedProduct[]): Promise<void> {
  for (const item of items) {
    const [product] = await db
      .insert(products)
      .values({
        slug: item.slug,
        name: item.name,
        description: item.description,
        category: item.category,
        images: item.images,
        price: Math.min(...item.variants.map((variant) => variant.price)),
      })
      .returning({ id: products.id });
    await db.insert(variants).values(
      item.variants.map((variant, index) => ({
        productId: product.id,
        sku: `${item.slug}-${index + 1}`,
        size: variant.size ?? null,
        colour: variant.colour ?? null,
        packSize: variant.packSize ?? null,
        price: variant.price,
        stock: variant.stock,
      })),
    );
  }
}
