import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { announceCacheChange, cacheTags } from "@/lib/cache/changes";
import type { Database } from "@/lib/db";
import { catalogImports, productHistory, productSlugs, products, variants } from "@/lib/db/schema";
import { recordStockMovements, type NewStockMovement } from "@/lib/stock/movements";
import { emptyFromCarts } from "./manage-products";
import { formatKsh } from "./price";
import { productStatusLabels } from "./product-input";
import { refreshSearchData } from "./search";
import {
  changesSomething,
  variantChanges,
  type NewVariant,
  type RefusedRow,
  type SheetPlan,
  type VariantUpdate,
} from "./sheet-plan";
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

    const history: { productId: number; change: string }[] = [];
    const note = (productId: number, change: string) => history.push({ productId, change: importedChange(change) });
    const movements: NewStockMovement[] = [];
    const moveStock = (variantId: number, from: number, to: number) =>
      movements.push({ variantId, reason: "import", change: to - from, level: to, actor });

    for (const chunk of chunksOf(plan.updates)) await updateVariants(tx, chunk);
    for (const update of plan.updates) {
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
    for (const chunk of chunksOf(plan.newVariants)) {
      const added = await tx
        .insert(variants)
        .values(
          chunk.map((variant) => ({
            productId: variant.productId ?? productIds.get(variant.slug)!,
            ...optionOf(variant),
            sku: variant.sku,
            price: variant.price,
            stock: variant.stock,
          })),
        )
        .returning({ id: variants.id, sku: variants.sku, productId: variants.productId });
      const idOf = new Map(added.map((variant) => [variant.sku, variant.id]));
      for (const variant of chunk) {
        if (variant.stock > 0) moveStock(idOf.get(variant.sku)!, 0, variant.stock);
        if (variant.productId !== null) note(variant.productId, `Variant ${variant.label} added at ${formatKsh(variant.price)}`);
      }
    }

    for (const chunk of chunksOf(movements)) await recordStockMovements(tx, chunk);
    for (const chunk of chunksOf(history))
      await tx.insert(productHistory).values(chunk.map((entry) => ({ ...entry, actorId: actor.id, actorLabel: actor.label })));
    await updateListedPrices(tx, [...history.map((entry) => entry.productId), ...plan.updates.map((update) => update.productId)]);
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
  const lowest = new Map<string, number>();
  for (const { slug, price } of plan.newVariants) lowest.set(slug, Math.min(price, lowest.get(slug) ?? price));
  const ids = new Map<string, number>();
  for (const chunk of chunksOf(plan.newProducts)) {
    const created = await tx
      .insert(products)
      .values(chunk.map((product) => ({ ...product, images: [], price: lowest.get(product.slug)! })))
      .returning({ id: products.id, slug: products.slug, status: products.status });
    await tx.insert(productSlugs).values(created.map(({ id, slug }) => ({ slug, productId: id })));
    for (const { id, slug, status } of created) {
      ids.set(slug, id);
      note(id, `Created as ${productStatusLabels[status]}`);
    }
  }
  return ids;
}

const optionOf = ({ size, colour, packSize }: NewVariant) => ({ size, colour, packSize });

/** Rows per statement: far below PostgreSQL's 65,535 parameters, however many columns a row takes. */
const chunkSize = 1000;
function chunksOf<T>(items: T[]): T[][] {
  return Array.from({ length: Math.ceil(items.length / chunkSize) }, (_, index) =>
    items.slice(index * chunkSize, (index + 1) * chunkSize),
  );
}

/** Existing variants' new prices, stock levels and options, a thousand in one statement. */
async function updateVariants(tx: Database, updates: VariantUpdate[]) {
  const rows = updates.map(
    ({ variantId, price, stock, option }) =>
      sql`(${variantId}::int, ${price?.to ?? null}::int, ${stock?.to ?? null}::int, ${option !== null}::boolean, ${option?.size ?? null}::text, ${option?.colour ?? null}::text, ${option?.packSize ?? null}::int)`,
  );
  await tx.execute(sql`
    update variants set
      price = coalesce(v.price, variants.price),
      stock = coalesce(v.stock, variants.stock),
      size = case when v.renamed then v.size else variants.size end,
      colour = case when v.renamed then v.colour else variants.colour end,
      pack_size = case when v.renamed then v.pack_size else variants.pack_size end
    from (values ${sql.join(rows, sql`, `)}) as v(id, price, stock, renamed, size, colour, pack_size)
    where variants.id = v.id`);
}

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
