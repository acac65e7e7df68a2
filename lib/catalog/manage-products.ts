import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { announceCacheChange, cacheTags } from "@/lib/cache/changes";
import type { Database } from "@/lib/db";
import { cartLines, orderLines, productHistory, productSlugs, products, variants } from "@/lib/db/schema";
import { variantLabel } from "@/lib/core/variant-label";
import { recordStockMovements } from "@/lib/stock/movements";
import { categoryName } from "./categories";
import { listCategories } from "./category-queries";
import { formatKsh } from "./price";
import {
  fixBelow,
  productNotFound,
  productStatusLabels,
  type ProductErrors,
  type ProductInput,
  type VariantInput,
} from "./product-input";
import { refreshSearchData } from "./search";
import { firstFreeSlug, slugify } from "@/lib/core/slugs";

export type SaveProductResult =
  { ok: true; productId: number; slug: string } | { ok: false; errors: ProductErrors; error: string };

/**
 * Creates a product with its variants, in one transaction: its slug (made from the name unless
 * given, and never one any product has had), each variant's opening stock in the stock history,
 * and a first history entry. Shoppers see it once it is published.
 */
export async function createProduct(db: Database, input: ProductInput, actor: Actor): Promise<SaveProductResult> {
  return db.transaction(async (tx) => {
    const given = input.slug;
    const base = given ?? (slugify(input.name) || "product");
    const taken = await takenSlugs(tx, base, null);
    if (given && taken.has(given)) return slugTaken();
    const slug = given ?? firstFreeSlug(base, taken);
    const [product] = await tx
      .insert(products)
      .values({ ...productColumns(input), slug, images: [], price: lowestPrice(input.variants) })
      .returning({ id: products.id });
    await tx.insert(productSlugs).values({ slug, productId: product.id });
    for (const variant of input.variants) await addVariant(tx, product.id, slug, variant, actor);
    await recordProductChanges(tx, product.id, actor, [`Created as ${productStatusLabels[input.status]}`]);
    await catalogChanged(tx, { vocabulary: input.status === "published" });
    return { ok: true, productId: product.id, slug };
  });
}

/**
 * Saves the edit form of a product, in one transaction, and records each change in its history.
 * A new slug keeps the old one redirecting; a removed variant that is on past orders is archived
 * rather than deleted. Search's vocabulary is rebuilt only when words shoppers search could change
 * (name, description, status), never for prices or stock.
 */
export async function updateProduct(
  db: Database,
  productId: number,
  input: ProductInput,
  actor: Actor,
): Promise<SaveProductResult | { ok: false; reason: "not_found"; error: string }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(products).where(eq(products.id, productId)).for("update");
    if (!current) return { ok: false as const, reason: "not_found" as const, error: productNotFound };
    const slug = input.slug ?? current.slug;
    if (slug !== current.slug && (await takenSlugs(tx, slug, productId)).has(slug)) return slugTaken();

    const existing = await tx
      .select()
      .from(variants)
      .where(and(eq(variants.productId, productId), isNull(variants.archivedAt)));
    const byId = new Map(existing.map((variant) => [variant.id, variant]));
    if (input.variants.some((variant) => variant.id !== null && !byId.has(variant.id)))
      return { ok: false, errors: {}, error: "A variant changed while you edited: reload the page and try again." };

    const changes = describeChanges(current, input, slug, await listCategories(tx));
    for (const variant of input.variants) {
      const before = variant.id === null ? null : byId.get(variant.id)!;
      if (!before) await addVariant(tx, productId, slug, variant, actor);
      else if (variant.remove) changes.push(await removeVariant(tx, before));
      else changes.push(...(await editVariant(tx, before, variant)));
    }
    if (slug !== current.slug) await tx.insert(productSlugs).values({ slug, productId }).onConflictDoNothing();
    const kept = input.variants.filter((variant) => !variant.remove);
    await tx
      .update(products)
      .set({ ...productColumns(input), slug, price: lowestPrice(kept) })
      .where(eq(products.id, productId));
    if (input.status !== "published" && current.status === "published") await emptyFromCarts(tx, productId);
    const added = input.variants.filter((variant) => variant.id === null);
    for (const variant of added) changes.push(`Variant ${variantLabel(variant)} added at ${formatKsh(variant.price)}`);
    if (changes.length === 0) return { ok: true, productId, slug };
    await recordProductChanges(tx, productId, actor, changes);
    const vocabulary =
      current.name !== input.name || current.description !== input.description || current.status !== input.status;
    await catalogChanged(tx, { vocabulary });
    return { ok: true, productId, slug };
  });
}

/** Every slug any product other than `productId` has had, among `slug` and its numbered forms. */
async function takenSlugs(tx: Database, slug: string, productId: number | null): Promise<Set<string>> {
  const rows = await tx
    .select({ slug: productSlugs.slug })
    .from(productSlugs)
    .where(
      and(
        sql`(${productSlugs.slug} = ${slug} or ${productSlugs.slug} ~ ${`^${slug}-[0-9]+$`})`,
        productId === null ? undefined : ne(productSlugs.productId, productId),
      ),
    );
  return new Set(rows.map((row) => row.slug));
}

function slugTaken(): SaveProductResult {
  return {
    ok: false,
    errors: { slug: "Another product has or had this address. Choose another." },
    error: fixBelow,
  };
}

function productColumns(input: ProductInput) {
  return { name: input.name, category: input.category, status: input.status, description: input.description };
}

/** The price a product is listed at: its cheapest variant's. */
function lowestPrice(items: Pick<VariantInput, "price">[]): number {
  return Math.min(...items.map((variant) => variant.price));
}

async function addVariant(tx: Database, productId: number, slug: string, variant: VariantInput, actor: Actor) {
  const [added] = await tx
    .insert(variants)
    .values({
      productId,
      sku: `${slug}-${randomBytes(3).toString("hex")}`,
      size: variant.size,
      colour: variant.colour,
      packSize: variant.packSize,
      price: variant.price,
      stock: variant.openingStock,
    })
    .returning({ id: variants.id });
  if (variant.openingStock > 0)
    await recordStockMovements(tx, [
      { variantId: added.id, actor, reason: "restock", change: variant.openingStock, level: variant.openingStock },
    ]);
}

type StoredVariant = typeof variants.$inferSelect;

/** Deletes a variant, or archives it when past orders name it; either way it leaves every cart. */
async function removeVariant(tx: Database, variant: StoredVariant): Promise<string> {
  const label = variantLabel(variant);
  const [ordered] = await tx.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.variantId, variant.id)).limit(1);
  if (!ordered) {
    await tx.delete(variants).where(eq(variants.id, variant.id));
    return `Variant ${label} removed`;
  }
  await tx.update(variants).set({ archivedAt: new Date() }).where(eq(variants.id, variant.id));
  await tx.delete(cartLines).where(eq(cartLines.variantId, variant.id));
  return `Variant ${label} archived (it is on past orders)`;
}

async function editVariant(tx: Database, before: StoredVariant, after: VariantInput): Promise<string[]> {
  const changes: string[] = [];
  const label = variantLabel(before);
  if (variantLabel(after) !== label) changes.push(`Variant ${label} renamed ${variantLabel(after)}`);
  if (after.price !== before.price)
    changes.push(`Price of ${variantLabel(after)}: ${formatKsh(before.price)} → ${formatKsh(after.price)}`);
  if (changes.length > 0)
    await tx
      .update(variants)
      .set({ size: after.size, colour: after.colour, packSize: after.packSize, price: after.price })
      .where(eq(variants.id, before.id));
  return changes;
}

/** A product leaving the shop leaves every cart too: it can no longer be bought. */
export async function emptyFromCarts(tx: Database, productId: number) {
  await tx
    .delete(cartLines)
    .where(inArray(cartLines.variantId, tx.select({ id: variants.id }).from(variants).where(eq(variants.productId, productId))));
}

function describeChanges(
  current: typeof products.$inferSelect,
  input: ProductInput,
  slug: string,
  categories: Awaited<ReturnType<typeof listCategories>>,
): string[] {
  const changes: string[] = [];
  if (current.name !== input.name) changes.push(`Name: ${current.name} → ${input.name}`);
  if (current.slug !== slug) changes.push(`Address: /products/${current.slug} → /products/${slug}`);
  if (current.category !== input.category)
    changes.push(`Category: ${categoryName(categories, current.category)} → ${categoryName(categories, input.category)}`);
  if (current.description !== input.description) changes.push("Description edited");
  if (current.status !== input.status)
    changes.push(`Status: ${productStatusLabels[current.status]} → ${productStatusLabels[input.status]}`);
  return changes;
}

/** Writes one history entry per change, all with the same actor and time. */
export async function recordProductChanges(tx: Database, productId: number, actor: Actor, changes: string[]): Promise<void> {
  await tx
    .insert(productHistory)
    .values(changes.map((change) => ({ productId, actorId: actor.id, actorLabel: actor.label, change })));
}

/** Every instance refreshes its catalog pages; search's vocabulary too when words changed. */
async function catalogChanged(tx: Database, options: { vocabulary: boolean }): Promise<void> {
  if (options.vocabulary) await refreshSearchData(tx);
  await announceCacheChange(tx, cacheTags.catalog);
}
