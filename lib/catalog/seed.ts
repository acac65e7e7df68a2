import "server-only";
import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { categories, invoices, orders, products, productSlugs, sizeChartRows, variants } from "@/lib/db/schema";
import { refreshSearchData } from "./search";
import { seedCategories, seedProducts, seedSizeCharts, type SeedProduct } from "./seed-data";
import { insertSizeCharts } from "./size-charts";

/** Seeds the catalog and its size charts when there is no product yet. */
export async function seedIfEmpty(db: Database): Promise<void> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
  if (count > 0) return;
  await insertProducts(db, seedProducts);
  await insertSizeCharts(db, seedSizeCharts);
}

export type ReseedResult = { ok: true; deletedOrders: number } | { ok: false; orderCount: number };

/**
 * Replaces the whole catalog with the seed data (npm run db:seed). Products that appear in orders
 * are never deleted while those orders exist: with orders in the database this refuses, unless
 * `deleteOrders` says to delete every order first.
 */
export async function reseed(db: Database, options: { deleteOrders?: boolean } = {}): Promise<ReseedResult> {
  return db.transaction(async (tx) => {
    const [{ orderCount }] = await tx.select({ orderCount: sql<number>`count(*)::int` }).from(orders);
    if (orderCount > 0 && !options.deleteOrders) return { ok: false, orderCount };
    if (orderCount > 0) {
      // Invoices keep their orders (a foreign key refuses to orphan them): a demo reset drops both.
      await tx.delete(invoices);
      await tx.delete(orders);
    }
    await tx.delete(variants);
    await tx.delete(products);
    await tx.delete(sizeChartRows);
    await insertProducts(tx as unknown as Database, seedProducts);
    await insertSizeCharts(tx as unknown as Database, seedSizeCharts);
    return { ok: true, deletedOrders: orderCount };
  });
}

/**
 * Inserts products and their variants, 500 products a statement (PostgreSQL caps a statement's
 * parameters), then refreshes what search derives from the catalog. The launch categories come
 * first, where staff have not removed or renamed them.
 */
export async function insertProducts(db: Database, items: SeedProduct[]): Promise<void> {
  await db
    .insert(categories)
    .values(seedCategories.map((category, index) => ({ ...category, position: index + 1 })))
    .onConflictDoNothing();
  for (let start = 0; start < items.length; start += 500) await insertBatch(db, items.slice(start, start + 500));
  await refreshSearchData(db);
}

async function insertBatch(db: Database, items: SeedProduct[]): Promise<void> {
  if (items.length === 0) return;
  const inserted = await db
    .insert(products)
    .values(
      items.map((item) => ({
        slug: item.slug,
        name: item.name,
        description: item.description,
        category: item.category,
        images: item.images,
        price: Math.min(...item.variants.map((variant) => variant.price)),
      })),
    )
    .returning({ id: products.id, slug: products.slug });
  const idBySlug = new Map(inserted.map((product) => [product.slug, product.id]));
  await db.insert(productSlugs).values(inserted.map((product) => ({ slug: product.slug, productId: product.id })));
  await db.insert(variants).values(
    items.flatMap((item) =>
      item.variants.map((variant, index) => ({
        productId: idBySlug.get(item.slug)!,
        sku: `${item.slug}-${index + 1}`,
        size: variant.size ?? null,
        colour: variant.colour ?? null,
        packSize: variant.packSize ?? null,
        price: variant.price,
        stock: variant.stock,
      })),
    ),
  );
}
