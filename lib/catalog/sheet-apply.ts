import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { announceCacheChange, cacheTags } from "@/lib/cache/changes";
import type { Database } from "@/lib/db";
import { catalogImports, productSlugs, products, variants } from "@/lib/db/schema";
import { recordStockMovements, type NewStockMovement } from "@/lib/stock/movements";
import { emptyFromCarts, recordProductChanges } from "./manage-products";
import { formatKsh } from "./price";
import { productStatusLabels } from "./product-input";
import { refreshSearchData } from "./search";
import { changesSomething, variantChanges, type NewVariant, type RefusedRow, type SheetPlan } from "./sheet-plan";
import { importedChange, sheetApplyErrors, sheetMessages } from "./sheet-rules";

export type ApplySheetResult =
  | { ok: true; changed: boolean }
  | { ok: false; reason: "not_found" | "applied"; error: string }
  /** Rows refused by the preview, or whose variant changed since: nothing changed. */
  | { ok: false; reason: "refused"; refused: RefusedRow[] };

/**
 * Applies a stored preview (sheet-preview.ts) in one transaction: every row or none. A row whose
 * variant's stock moved after the preview (an order, a staff adjustment) is refused and named, so
 * a sale is never overwritten; the variants are locked while they are compared and changed. Stock
 * changes go in the stock history ('Import'), every other change in its product's history, with
 * the admin's name; then every instance refreshes its catalog pages. A preview is applied once.
 */
export async function applySheet(db: Database, importId: number, actor: Actor): Promise<ApplySheetResult> {
  return db.transaction(async (tx): Promise<ApplySheetResult> => {
    const [stored] = await tx.select().from(catalogImports).where(eq(catalogImports.id, importId)).for("update");
    if (!stored) return { ok: false, reason: "not_found", error: sheetMessages.notFound };
    if (stored.appliedAt) return { ok: false, reason: "applied", error: sheetMessages.alreadyApplied };
    const plan = stored.plan as SheetPlan;
    if (plan.refused.length > 0) return { ok: false, reason: "refused", refused: plan.refused };
    const stale = await staleRows(tx, plan);
    if (stale.length > 0) return { ok: false, reason: "refused", refused: stale };

    const history = new Map<number, string[]>();
    const note = (productId: number, change: string) =>
      history.set(productId, [...(history.get(productId) ?? []), importedChange(change)]);
    const movements: NewStockMovement[] = [];
    const moveStock = (variantId: number, from: number, to: number) =>
      movements.push({ variantId, reason: "import", change: to - from, level: to, actor });

    for (const update of plan.updates) {
      const { size, colour, packSize } = update.option ?? {};
      await tx
        .update(variants)
        .set({
          ...(update.option && { size, colour, packSize }),
          ...(update.price && { price: update.price.to }),
          ...(update.stock && { stock: update.stock.to }),
        })
        .where(eq(variants.id, update.variantId));
      if (update.stock) moveStock(update.variantId, update.stock.from, update.stock.to);
      for (const change of variantChanges(update)) note(update.productId, change);
    }
    for (const update of plan.products) {
      const [before] = await tx.select({ status: products.status }).from(products).where(eq(products.id, update.productId));
      await tx
        .update(products)
        .set({ name: update.name, description: update.description, status: update.status })
        .where(eq(products.id, update.productId));
      if (before?.status === "published" && update.status !== "published") await emptyFromCarts(tx, update.productId);
      for (const change of update.changes) note(update.productId, change);
    }
    const productIds = await createProducts(tx, plan, note);
    for (const variant of plan.newVariants) {
      const productId = variant.productId ?? productIds.get(variant.slug)!;
      const [added] = await tx
        .insert(variants)
        .values({ productId, ...optionOf(variant), sku: variant.sku, price: variant.price, stock: variant.stock })
        .returning({ id: variants.id });
      if (variant.stock > 0) moveStock(added.id, 0, variant.stock);
      if (variant.productId !== null) note(productId, `Variant ${variant.label} added at ${formatKsh(variant.price)}`);
    }

    await recordStockMovements(tx, movements);
    for (const [productId, changes] of history) await recordProductChanges(tx, productId, actor, changes);
    await updateListedPrices(tx, [...history.keys(), ...plan.updates.map((update) => update.productId)]);
    await tx.update(catalogImports).set({ appliedAt: new Date() }).where(eq(catalogImports.id, importId));
    const changed = changesSomething(plan);
    if (plan.products.length > 0 || plan.newProducts.length > 0) await refreshSearchData(tx);
    if (changed) await announceCacheChange(tx, cacheTags.catalog);
    return { ok: true, changed };
  });
}

/**
 * The rows that no longer match what the preview saw, each named: a variant whose stock moved or
 * that is gone, a SKU or slug taken since. The variants stay locked until the transaction ends.
 */
async function staleRows(tx: Database, plan: SheetPlan): Promise<RefusedRow[]> {
  const ids = plan.updates.map((update) => update.variantId);
  const locked =
    ids.length === 0
      ? []
      : await tx
          .select({ id: variants.id, stock: variants.stock, archivedAt: variants.archivedAt })
          .from(variants)
          .where(inArray(variants.id, ids))
          .for("update");
  const now = new Map(locked.map((variant) => [variant.id, variant]));
  const stale: RefusedRow[] = [];
  for (const update of plan.updates) {
    const current = now.get(update.variantId);
    const refuse = (reason: string) => stale.push({ row: update.row, sku: update.sku, reason });
    if (!current || current.archivedAt) refuse(sheetApplyErrors.variantGone);
    else if (update.stock && current.stock !== update.stock.from)
      refuse(sheetApplyErrors.stockMoved(update.stock.from, current.stock));
  }
  const newSkus = plan.newVariants.map((variant) => variant.sku);
  const takenSkus =
    newSkus.length === 0 ? [] : await tx.select({ sku: variants.sku }).from(variants).where(inArray(variants.sku, newSkus));
  const newSlugs = plan.newProducts.map((product) => product.slug);
  const takenSlugs =
    newSlugs.length === 0
      ? []
      : await tx.select({ slug: productSlugs.slug }).from(productSlugs).where(inArray(productSlugs.slug, newSlugs));
  const taken = new Set([...takenSkus.map(({ sku }) => sku), ...takenSlugs.map(({ slug }) => slug)]);
  for (const variant of plan.newVariants)
    if (taken.has(variant.sku) || (variant.productId === null && taken.has(variant.slug)))
      stale.push({ row: variant.row, sku: variant.sku, reason: sheetApplyErrors.taken });
  return stale.sort((a, b) => a.row - b.row);
}

/** The new products, without photos; returns each one's id by slug. */
async function createProducts(tx: Database, plan: SheetPlan, note: (productId: number, change: string) => void) {
  const ids = new Map<string, number>();
  for (const product of plan.newProducts) {
    const prices = plan.newVariants.filter((variant) => variant.slug === product.slug).map((variant) => variant.price);
    const [created] = await tx
      .insert(products)
      .values({ ...product, images: [], price: Math.min(...prices) })
      .returning({ id: products.id });
    await tx.insert(productSlugs).values({ slug: product.slug, productId: created.id });
    ids.set(product.slug, created.id);
    note(created.id, `Created as ${productStatusLabels[product.status]}`);
  }
  return ids;
}

const optionOf = ({ size, colour, packSize }: NewVariant) => ({ size, colour, packSize });

/** Each product's listed price: its cheapest variant on sale. */
async function updateListedPrices(tx: Database, productIds: number[]) {
  if (productIds.length === 0) return;
  await tx
    .update(products)
    .set({
      price: sql`(select min(${variants.price}) from ${variants} where ${variants.productId} = ${products.id} and ${variants.archivedAt} is null)`,
    })
    .where(inArray(products.id, [...new Set(productIds)]));
}
