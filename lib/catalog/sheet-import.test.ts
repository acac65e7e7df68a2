import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "@/lib/db";
import { productHistory, products, stockMovements, variants } from "@/lib/db/schema";
import { adjustStock } from "@/lib/stock/adjust";
import { withTestDb } from "@/lib/testing/db";
import { createProduct, stockOf } from "@/lib/testing/fixtures";
import { applySheet } from "./sheet-apply";
import { catalogSheet } from "./sheet-export";
import { previewSheet } from "./sheet-preview";
import { readSheet } from "./sheet-read";
import { sheetApplyErrors, sheetColumns, sheetMessages, sheetRowErrors } from "./sheet-rules";

let db: Database;
withTestDb((opened) => (db = opened));

const admin = { id: null, label: "admin@example.com" };

/** The exported sheet's rows as records, and a way to write them back as a file. */
async function exported() {
  const read = readSheet(new TextEncoder().encode(await catalogSheet(db)));
  if (!read.ok) throw new Error(JSON.stringify(read.problem));
  return read.rows.map((row) => ({ ...row.cells }));
}
const file = (rows: Record<string, string>[], separator = ",") => ({
  name: "catalog.csv",
  bytes: new TextEncoder().encode(
    [sheetColumns.join(separator), ...rows.map((row) => sheetColumns.map((column) => `"${row[column]}"`).join(separator))].join(
      "\r\n",
    ),
  ),
});

async function preview(rows: Record<string, string>[], separator?: string) {
  const result = await previewSheet(db, file(rows, separator), admin);
  if (!result.ok) throw new Error(JSON.stringify(result.problem));
  return result;
}

/** A product of this test's own, its rows in the export. */
async function ownProduct() {
  const created = await createProduct(db, [
    { price: 2000, stock: 12 },
    { price: 2200, stock: 5 },
  ]);
  const rows = (await exported()).filter((row) => row.slug === created.product.slug);
  return { ...created, rows };
}

const historyOf = async (productId: number) =>
  (await db.select().from(productHistory).where(eq(productHistory.productId, productId))).map((entry) => [
    entry.actorLabel,
    entry.change,
  ]);
const importMovements = async () =>
  (await db.select({ n: count() }).from(stockMovements).where(eq(stockMovements.reason, "import")))[0].n;

describe("the catalog spreadsheet's export", () => {
  it("writes every variant on sale once, keyed by SKU, with the issue's columns", async () => {
    const { product, variants: stored } = await ownProduct();
    const text = await catalogSheet(db);
    expect(text.startsWith(`sku,slug,name,description,category,status,size,colour,pack_size,price,stock\r\n`)).toBe(true);
    const rows = (await exported()).filter((row) => row.slug === product.slug);
    expect(rows).toEqual(
      stored.map((variant) => ({
        sku: variant.sku,
        slug: product.slug,
        name: product.name,
        description: product.description,
        category: "hoodies",
        status: "published",
        size: variant.size,
        colour: "Black",
        pack_size: "",
        price: String(variant.price),
        stock: String(variant.stock),
      })),
    );
  });
});

describe("previewing and applying a catalog spreadsheet", () => {
  it("previews each difference and changes nothing until applied", async () => {
    const { product, variants: stored, rows } = await ownProduct();
    const newSlug = `sheet-new-${randomUUID().slice(0, 8)}`;
    const newRow = {
      ...rows[0],
      sku: `${newSlug}-m`,
      slug: newSlug,
      name: "Sheet Made Hoodie",
      status: "",
      size: "M",
      price: "2500",
      stock: "4",
    };
    const { plan } = await preview(
      [
        { ...rows[0], price: "1800", stock: "19" },
        rows[1],
        { ...rows[1], sku: `${product.slug}-xl`, size: "XL", price: "2600", stock: "3" },
        newRow,
      ],
      ";",
    );
    expect(plan.refused).toEqual([]);
    expect(plan.rows).toBe(4);
    expect(plan.updates).toEqual([
      expect.objectContaining({
        row: 2,
        sku: stored[0].sku,
        price: { from: 2000, to: 1800 },
        stock: { from: 12, to: 19 },
        option: null,
      }),
    ]);
    expect(plan.products).toEqual([]);
    expect(plan.newVariants.map((variant) => [variant.row, variant.sku, variant.productId, variant.label])).toEqual([
      [4, `${product.slug}-xl`, product.id, "XL · Black"],
      [5, `${newSlug}-m`, null, "M · Black"],
    ]);
    expect(plan.newProducts).toEqual([
      { slug: newSlug, name: "Sheet Made Hoodie", description: newRow.description, category: "hoodies", status: "draft" },
    ]);
    expect(await stockOf(db, stored[0].id)).toBe(12);
    expect(await db.select().from(products).where(eq(products.slug, newSlug))).toEqual([]);
  });

  it("refuses rows only the catalog can tell apart: another product's SKU, a removed variant's, the same variant twice", async () => {
    const first = await ownProduct();
    const second = await ownProduct();
    await db.update(variants).set({ archivedAt: new Date() }).where(eq(variants.id, second.variants[1].id));
    const { plan } = await preview([
      { ...first.rows[0], slug: second.product.slug, name: second.product.name },
      second.rows[0],
      { ...second.rows[0], sku: "SHEET-ARCHIVED-SKU-DIFFERENT" },
      { ...first.rows[1], size: "L" },
    ]);
    expect(plan.refused).toEqual([
      { row: 2, sku: first.rows[0].sku, reason: sheetRowErrors.otherProduct(first.product.slug) },
      { row: 4, sku: "SHEET-ARCHIVED-SKU-DIFFERENT", reason: sheetRowErrors.sameVariant("S · Black", second.rows[0].sku) },
    ]);
    const archived = await preview([{ ...second.rows[0], sku: second.variants[1].sku, size: "XL" }]);
    expect(archived.plan.refused).toEqual([{ row: 2, sku: second.variants[1].sku, reason: sheetRowErrors.archived }]);
    expect(await applySheet(db, archived.importId, admin)).toEqual({
      ok: false,
      reason: "refused",
      refused: archived.plan.refused,
    });
  });

  it("leaves a variant's stored size and colour unchecked when its row repeats them, so an older variant can be repriced", async () => {
    const { variants: stored } = await ownProduct();
    await db.update(variants).set({ size: null, colour: null }).where(eq(variants.id, stored[0].id));
    const row = (await exported()).find((exportedRow) => exportedRow.sku === stored[0].sku)!;
    const { plan } = await preview([{ ...row, price: "1500" }]);
    expect(plan.refused).toEqual([]);
    expect(plan.updates).toEqual([
      expect.objectContaining({ sku: stored[0].sku, price: { from: 2000, to: 1500 }, option: null }),
    ]);
    const resized = await preview([{ ...row, size: "XXXL", colour: "Black" }]);
    expect(resized.plan.refused.map((refusal) => refusal.row)).toEqual([2]);
  });

  it("applies every row in one go: stock movements 'Import', history with the admin's name, new products as drafts; a second apply changes nothing", async () => {
    const { product, variants: stored, rows } = await ownProduct();
    const newSlug = `sheet-new-${randomUUID().slice(0, 8)}`;
    const sheet = [
      { ...rows[0], price: "1800", stock: "19", status: "draft" },
      { ...rows[1], status: "draft" },
      {
        ...rows[0],
        sku: `${newSlug}-l`,
        slug: newSlug,
        name: "Sheet Made Hoodie",
        status: "published",
        size: "L",
        price: "2500",
        stock: "4",
      },
      {
        ...rows[0],
        sku: `${newSlug}-m`,
        slug: newSlug,
        name: "Sheet Made Hoodie",
        status: "published",
        size: "M",
        price: "2400",
        stock: "0",
      },
    ];
    const movementsBefore = await importMovements();
    const { importId } = await preview(sheet);
    expect(await applySheet(db, importId, admin)).toEqual({ ok: true, changed: true });

    const [changed] = await db.select().from(variants).where(eq(variants.id, stored[0].id));
    expect([changed.price, changed.stock]).toEqual([1800, 19]);
    const [after] = await db.select().from(products).where(eq(products.id, product.id));
    expect([after.status, after.price]).toEqual(["draft", 1800]);
    expect(await historyOf(product.id)).toEqual(
      expect.arrayContaining([
        ["admin@example.com", "Import: Price of S · Black: KSh 2,000 → KSh 1,800"],
        ["admin@example.com", "Import: Status: Published → Draft"],
      ]),
    );
    const movements = await db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.variantId, stored[0].id), eq(stockMovements.reason, "import")));
    expect(movements.map((movement) => [movement.change, movement.level, movement.actorLabel])).toEqual([
      [7, 19, "admin@example.com"],
    ]);

    const [created] = await db.select().from(products).where(eq(products.slug, newSlug));
    expect([created.status, created.price, created.images]).toEqual(["published", 2400, []]);
    expect(await historyOf(created.id)).toEqual([["admin@example.com", "Import: Created as Published"]]);
    expect(await importMovements()).toBe(movementsBefore + 2);

    // Once more: the same preview, then the same file again.
    expect(await applySheet(db, importId, admin)).toEqual({ ok: false, reason: "applied", error: sheetMessages.alreadyApplied });
    const again = await preview(sheet);
    expect(again.plan).toMatchObject({ updates: [], products: [], newProducts: [], newVariants: [], refused: [] });
    const historyBefore = (await historyOf(product.id)).length;
    expect(await applySheet(db, again.importId, admin)).toEqual({ ok: true, changed: false });
    expect((await historyOf(product.id)).length).toBe(historyBefore);
    expect(await importMovements()).toBe(movementsBefore + 2);
  });

  it("refuses, naming the row, a variant whose stock moved after the preview, and changes nothing", async () => {
    const { product, variants: stored, rows } = await ownProduct();
    const { importId } = await preview([
      { ...rows[0], price: "1900", stock: "20" },
      { ...rows[1], price: "2100" },
    ]);
    const historyBefore = await historyOf(product.id);
    const adjusted = await adjustStock(db, { variantId: stored[0].id, change: "-2", reason: "damaged", actor: admin });
    expect(adjusted.ok).toBe(true);

    expect(await applySheet(db, importId, admin)).toEqual({
      ok: false,
      reason: "refused",
      refused: [{ row: 2, sku: stored[0].sku, reason: sheetApplyErrors.stockMoved(12, 10) }],
    });
    const after = await db.select().from(variants).where(eq(variants.productId, product.id)).orderBy(variants.id);
    expect(after.map((variant) => [variant.price, variant.stock])).toEqual([
      [2000, 10],
      [2200, 5],
    ]);
    expect(await historyOf(product.id)).toEqual(historyBefore);
  });
});
