import "server-only";
import { and, asc, count, eq, isNull, max, ne, notInArray } from "drizzle-orm";
import { announceCacheChange, cacheTags } from "@/lib/cache/changes";
import type { Database } from "@/lib/db";
import { campaigns, categories, categorySlugs, products, sizeChartRows, variants } from "@/lib/db/schema";
import { categoryMessages, type CategoryInput } from "./category-input";
import { sizesOf } from "./sizes";

/**
 * Staff's changes to the categories. Each is one transaction that announces the catalog's cache
 * tag, so the header, listings, sitemap and feeds of every instance follow at once.
 */
export type CategoryResult = { ok: true } | { ok: false; error: string; errors?: Partial<Record<keyof CategoryInput, string>> };

/** A new category, last in the order and shown. */
export async function createCategory(db: Database, input: CategoryInput): Promise<CategoryResult> {
  return db.transaction(async (tx) => {
    if (await slugTaken(tx, input.slug, null)) return slugTakenResult;
    const [{ last }] = await tx.select({ last: max(categories.position) }).from(categories);
    await tx.insert(categories).values({ ...input, position: (last ?? 0) + 1 });
    await announceCacheChange(tx, cacheTags.catalog);
    return { ok: true };
  });
}

/**
 * Renames or re-describes a category. A new slug carries its products and campaign links along
 * (on update cascade) and keeps the old one answering 308; the kind changes only while it is empty.
 * A size leaves its lists only when no variant on sale uses it, and takes its size-chart row along.
 */
export async function updateCategory(db: Database, id: number, input: CategoryInput): Promise<CategoryResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
    if (!current) return { ok: false, error: categoryMessages.notFound };
    if (input.slug !== current.slug && (await slugTaken(tx, input.slug, id))) return slugTakenResult;
    if (input.kind !== current.kind && (await productCount(tx, current.slug)) > 0)
      return { ok: false, error: categoryMessages.kindLocked, errors: { kind: categoryMessages.kindLocked } };
    const dropped = await sizesInUse(tx, current.slug, sizesOf(input), sizesOf(current));
    if (dropped.length > 0) {
      const error = categoryMessages.sizesInUse(dropped);
      return { ok: false, error, errors: { adultSizes: error } };
    }
    if (input.slug !== current.slug) {
      await tx.insert(categorySlugs).values({ slug: current.slug, categoryId: id }).onConflictDoNothing();
      await tx.delete(categorySlugs).where(eq(categorySlugs.slug, input.slug));
    }
    await tx.update(categories).set(input).where(eq(categories.id, id));
    await tx.delete(sizeChartRows).where(and(eq(sizeChartRows.category, input.slug), notIn(sizeChartRows.size, sizesOf(input))));
    await announceCacheChange(tx, cacheTags.catalog);
    return { ok: true };
  });
}

/** Hides a category from the shop (its products with it) or shows it again. */
export async function setCategoryHidden(db: Database, id: number, hidden: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx.update(categories).set({ hidden }).where(eq(categories.id, id)).returning({ id: categories.id });
    if (updated.length === 1) await announceCacheChange(tx, cacheTags.catalog);
    return updated.length === 1;
  });
}

/** Moves a category one place up or down the shop's order; at either end nothing changes. */
export async function moveCategory(db: Database, id: number, direction: "up" | "down"): Promise<boolean> {
  return db.transaction(async (tx) => {
    const order = await tx
      .select({ id: categories.id })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.id))
      .for("update");
    const from = order.findIndex((row) => row.id === id);
    const to = direction === "up" ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= order.length) return false;
    [order[from], order[to]] = [order[to], order[from]];
    for (const [index, row] of order.entries())
      await tx
        .update(categories)
        .set({ position: index + 1 })
        .where(eq(categories.id, row.id));
    await announceCacheChange(tx, cacheTags.catalog);
    return true;
  });
}

/** Deletes an empty category; one that holds products, or that campaign links lead to, is refused. */
export async function deleteCategory(db: Database, id: number): Promise<CategoryResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
    if (!current) return { ok: false, error: categoryMessages.notFound };
    const products = await productCount(tx, current.slug);
    if (products > 0) return { ok: false, error: categoryMessages.notEmpty(products) };
    const [links] = await tx.select({ n: count() }).from(campaigns).where(eq(campaigns.category, current.slug));
    if (links.n > 0) return { ok: false, error: categoryMessages.linked };
    await tx.delete(categories).where(eq(categories.id, id));
    await announceCacheChange(tx, cacheTags.catalog);
    return { ok: true };
  });
}

const slugTakenResult = {
  ok: false,
  error: categoryMessages.slugTaken,
  errors: { slug: categoryMessages.slugTaken },
} as const satisfies CategoryResult;

/** Whether another category than `id` has or had `slug`. */
async function slugTaken(tx: Database, slug: string, id: number | null): Promise<boolean> {
  const other = (column: typeof categories.id | typeof categorySlugs.categoryId) => (id === null ? undefined : ne(column, id));
  const [current] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.slug, slug), other(categories.id)));
  const [old] = await tx
    .select({ id: categorySlugs.categoryId })
    .from(categorySlugs)
    .where(and(eq(categorySlugs.slug, slug), other(categorySlugs.categoryId)));
  return Boolean(current ?? old);
}

/** The sizes of the category's variants on sale that `kept` leaves out, in the category's `order`. */
async function sizesInUse(tx: Database, category: string, kept: string[], order: string[]): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ size: variants.size })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(products.category, category), isNull(variants.archivedAt), notIn(variants.size, kept)));
  const rank = (size: string) => (order.includes(size) ? order.indexOf(size) : order.length);
  return rows.flatMap((row) => (row.size === null ? [] : [row.size])).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** Not among `values`; every value when there are none (`not in ()` is no SQL). */
const notIn = (column: typeof variants.size | typeof sizeChartRows.size, values: string[]) =>
  values.length > 0 ? notInArray(column, values) : undefined;

async function productCount(tx: Database, slug: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(products).where(eq(products.category, slug));
  return row.n;
}
