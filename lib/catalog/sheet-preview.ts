import "server-only";
import { and, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { catalogImports, productSlugs, products, variants } from "@/lib/db/schema";
import { variantLabel } from "@/lib/core/variant-label";
import { listCategories } from "./category-queries";
import { productLimits, productStatusLabels } from "./product-input";
import { checkSheetRows, type RefusedRow, type SheetVariant } from "./sheet-check";
import type { NewProduct, ProductUpdate, SheetPlan, VariantUpdate } from "./sheet-plan";
import { readSheet } from "./sheet-read";
import { isSku, sheetRowErrors, type SheetProblem } from "./sheet-rules";

export type SheetPreview = { ok: true; importId: number; plan: SheetPlan } | { ok: false; problem: SheetProblem };

/**
 * An uploaded catalog spreadsheet read, checked and compared with the catalog: the plan of what it
 * would change, stored for 'Apply' (sheet-apply.ts). Nothing in the catalog changes here.
 */
export async function previewSheet(db: Database, file: { name: string; bytes: Uint8Array }, actor: Actor): Promise<SheetPreview> {
  const read = readSheet(file.bytes);
  if (!read.ok) return read;
  const bySku = await storedVariants(
    db,
    read.rows.map((row) => row.cells.sku),
  );
  const checked = checkSheetRows(read.rows, await listCategories(db), bySku);
  const plan = await planSheet(db, checked, bySku, read.rows.length);
  // Previews nobody applied within a week are of no more use.
  await db.delete(catalogImports).where(lt(catalogImports.createdAt, sql`now() - interval '7 days'`));
  const [stored] = await db
    .insert(catalogImports)
    .values({ actorId: actor.id, actorLabel: actor.label, fileName: file.name.slice(0, 200), plan })
    .returning({ id: catalogImports.id });
  return { ok: true, importId: stored.id, plan };
}

/** A stored preview with who made it and whether it was applied, or null. */
export async function findSheetImport(db: Database, importId: number) {
  const [stored] = await db.select().from(catalogImports).where(eq(catalogImports.id, importId));
  return stored ? { ...stored, plan: stored.plan as SheetPlan } : null;
}

/** The newest previews, for the import page. */
export async function listSheetImports(db: Database, limit = 5) {
  return db
    .select({
      id: catalogImports.id,
      createdAt: catalogImports.createdAt,
      actorLabel: catalogImports.actorLabel,
      fileName: catalogImports.fileName,
      appliedAt: catalogImports.appliedAt,
    })
    .from(catalogImports)
    .orderBy(desc(catalogImports.id))
    .limit(limit);
}

const storedVariantColumns = {
  id: variants.id,
  sku: variants.sku,
  productId: variants.productId,
  size: variants.size,
  colour: variants.colour,
  packSize: variants.packSize,
  price: variants.price,
  stock: variants.stock,
  archivedAt: variants.archivedAt,
};
type StoredVariant = Pick<typeof variants.$inferSelect, keyof typeof storedVariantColumns>;
type StoredProduct = typeof products.$inferSelect;

/** The checked rows compared with the catalog: every change, and every row the catalog refuses. */
async function planSheet(
  db: Database,
  checked: ReturnType<typeof checkSheetRows>,
  bySku: Map<string, StoredVariant>,
  rows: number,
): Promise<SheetPlan> {
  const refused: RefusedRow[] = [...checked.refused];
  const bySlug = await storedProducts(db, checked.variants);
  const liveVariants = await productVariants(db, [...new Set([...bySlug.values()].map((product) => product.id))]);

  const accepted: { variant: SheetVariant; stored: StoredVariant | null; product: StoredProduct | null }[] = [];
  for (const variant of checked.variants) {
    const refuse = (reason: string) => refused.push({ row: variant.row, sku: variant.sku, reason });
    const stored = bySku.get(variant.sku) ?? null;
    const product = bySlug.get(variant.slug) ?? null;
    if (stored?.archivedAt) refuse(sheetRowErrors.archived);
    else if (stored && stored.productId !== product?.id) refuse(sheetRowErrors.otherProduct(await slugOf(db, stored.productId)));
    else if (product && product.slug !== variant.slug) refuse(sheetRowErrors.oldSlug(product.slug));
    else if (product && product.category !== variant.category) refuse(sheetRowErrors.categoryChange(product.category));
    else accepted.push({ variant, stored, product });
  }
  const kept = refuseSameVariants(accepted, liveVariants, refused);

  const plan: SheetPlan = { rows, updates: [], products: [], newProducts: [], newVariants: [], refused };
  const seenProducts = new Set<string>();
  for (const { variant, stored, product } of kept) {
    if (!seenProducts.has(variant.slug)) {
      seenProducts.add(variant.slug);
      if (product) {
        const update = productUpdate(product, variant);
        if (update) plan.products.push(update);
      } else plan.newProducts.push(newProduct(variant));
    }
    if (stored) {
      const update = variantUpdate(variant, stored);
      if (update) plan.updates.push(update);
    } else
      plan.newVariants.push({
        ...variantOf(variant),
        row: variant.row,
        sku: variant.sku,
        productId: product?.id ?? null,
        slug: variant.slug,
        label: variantLabel(variant),
        price: variant.price,
        stock: variant.stock,
      });
  }
  plan.refused.sort((a, b) => a.row - b.row);
  return plan;
}

/**
 * Rows that would give a product two variants of the same size and colour (or pack size), counting
 * its variants the file leaves alone, or more variants than a product may have: refused.
 */
function refuseSameVariants<T extends { variant: SheetVariant; stored: StoredVariant | null; product: StoredProduct | null }>(
  accepted: T[],
  liveVariants: StoredVariant[],
  refused: RefusedRow[],
): T[] {
  const inFile = new Set(accepted.map(({ variant }) => variant.sku));
  const taken = new Map<string, Map<string, string>>();
  const labelsOf = (slug: string) => taken.get(slug) ?? taken.set(slug, new Map()).get(slug)!;
  const slugById = new Map(accepted.flatMap(({ product }) => (product ? [[product.id, product.slug] as const] : [])));
  for (const variant of liveVariants) {
    const slug = slugById.get(variant.productId);
    if (slug && !inFile.has(variant.sku)) labelsOf(slug).set(optionKey(variant), variant.sku);
  }
  return accepted.filter(({ variant }) => {
    const labels = labelsOf(variant.slug);
    const other = labels.get(optionKey(variant));
    const reason =
      other !== undefined
        ? sheetRowErrors.sameVariant(variantLabel(variant), other)
        : labels.size >= productLimits.variants.max
          ? sheetRowErrors.tooManyVariants
          : null;
    if (reason) refused.push({ row: variant.row, sku: variant.sku, reason });
    else labels.set(optionKey(variant), variant.sku);
    return reason === null;
  });
}

/** Two variants are the same when their size and colour (any case) or pack size are. */
const optionKey = (variant: Pick<SheetVariant, "size" | "colour" | "packSize">) =>
  variant.packSize !== null ? `pack ${variant.packSize}` : `${variant.size} ${variant.colour?.toLowerCase()}`;

const variantOf = ({ size, colour, packSize }: Pick<SheetVariant, "size" | "colour" | "packSize">) => ({
  size,
  colour,
  packSize,
});

function variantUpdate(variant: SheetVariant, stored: StoredVariant): VariantUpdate | null {
  const renamed = optionKey(variant) !== optionKey(stored) || variant.colour !== stored.colour;
  const update: VariantUpdate = {
    row: variant.row,
    sku: variant.sku,
    variantId: stored.id,
    productId: stored.productId,
    slug: variant.slug,
    label: variantLabel(variant),
    price: variant.price !== stored.price ? { from: stored.price, to: variant.price } : null,
    stock: variant.stock !== stored.stock ? { from: stored.stock, to: variant.stock } : null,
    option: renamed ? { from: variantLabel(stored), ...variantOf(variant) } : null,
  };
  return update.price || update.stock || update.option ? update : null;
}

function productUpdate(product: StoredProduct, variant: SheetVariant): ProductUpdate | null {
  const status = variant.status ?? product.status;
  const changes: string[] = [];
  if (variant.name !== product.name) changes.push(`Name: ${product.name} → ${variant.name}`);
  if (variant.description !== product.description) changes.push("Description edited");
  if (status !== product.status) changes.push(`Status: ${productStatusLabels[product.status]} → ${productStatusLabels[status]}`);
  if (changes.length === 0) return null;
  return { productId: product.id, slug: product.slug, name: variant.name, description: variant.description, status, changes };
}

function newProduct(variant: SheetVariant): NewProduct {
  const { slug, name, description, category } = variant;
  return { slug, name, description, category, status: variant.status === "published" ? "published" : "draft" };
}

// Reads, a thousand values per query.

async function storedVariants(db: Database, skus: string[]): Promise<Map<string, StoredVariant>> {
  const found = await inChunks(skus.filter(isSku), (skus) =>
    db.select(storedVariantColumns).from(variants).where(inArray(variants.sku, skus)),
  );
  return new Map(found.map((variant) => [variant.sku, variant]));
}

/** Each slug of the file that any product has had, to that product (its current slug may differ). */
async function storedProducts(db: Database, rows: SheetVariant[]): Promise<Map<string, StoredProduct>> {
  const found = await inChunks([...new Set(rows.map((row) => row.slug))], (slugs) =>
    db
      .select({ slug: productSlugs.slug, product: products })
      .from(productSlugs)
      .innerJoin(products, eq(products.id, productSlugs.productId))
      .where(inArray(productSlugs.slug, slugs)),
  );
  return new Map(found.map(({ slug, product }) => [slug, product]));
}

async function productVariants(db: Database, productIds: number[]): Promise<StoredVariant[]> {
  return inChunks(productIds, (ids) =>
    db
      .select(storedVariantColumns)
      .from(variants)
      .where(and(inArray(variants.productId, ids), isNull(variants.archivedAt))),
  );
}

async function slugOf(db: Database, productId: number): Promise<string> {
  const [product] = await db.select({ slug: products.slug }).from(products).where(eq(products.id, productId));
  return product?.slug ?? "";
}

async function inChunks<T, R>(values: T[], read: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < values.length; start += 1000) results.push(...(await read(values.slice(start, start + 1000))));
  return results;
}
