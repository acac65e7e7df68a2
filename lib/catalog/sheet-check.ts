/**
 * Each row of a catalog spreadsheet checked on its own and against the file's other rows: its
 * values parsed into a variant that is always valid, or refused with the reason the preview shows.
 * What needs the database (a SKU of another product, a variant already there) is checked by the
 * preview (sheet-preview.ts). Framework-free.
 */
import { productStatuses, type ProductStatus } from "@/lib/db/values";
import { isSlug } from "@/lib/core/slugs";
import { parseWholeNumber } from "@/lib/core/whole-number";
import { MAX_STOCK_LEVEL } from "@/lib/stock/rules";
import type { Category } from "./categories";
import { productLimits } from "./product-input";
import type { SheetRow } from "./sheet-read";
import { isSku, sheetRowErrors } from "./sheet-rules";
import { cleanSize, sizesOf } from "./sizes";

/** A row whose every value is valid. A null status leaves an existing product's as it is (a new one is a draft). */
export type SheetVariant = {
  row: number;
  sku: string;
  slug: string;
  name: string;
  description: string;
  category: string;
  status: ProductStatus | null;
  size: string | null;
  colour: string | null;
  packSize: number | null;
  price: number;
  stock: number;
};

export type RefusedRow = { row: number; sku: string; reason: string };

export type CheckedSheet = { variants: SheetVariant[]; refused: RefusedRow[] };

/** A stored variant's size, colour and pack size, by SKU. */
export type StoredOption = Pick<SheetVariant, "size" | "colour" | "packSize">;

/**
 * `storedOptions`: the catalog's variants by SKU. A row that repeats its variant's stored size,
 * colour and pack size keeps them unchecked, so a variant made before today's rules (or by a
 * fixture) can still have its price and stock changed.
 */
export function checkSheetRows(
  rows: readonly SheetRow[],
  categories: readonly Category[],
  storedOptions: ReadonlyMap<string, StoredOption> = new Map(),
): CheckedSheet {
  const variants: SheetVariant[] = [];
  const refused: RefusedRow[] = [];
  const rowOfSku = new Map<string, number>();
  const firstOfProduct = new Map<string, SheetVariant>();
  for (const row of rows) {
    const refuse = (reason: string) => refused.push({ row: row.row, sku: row.cells.sku, reason });
    const checked = checkRow(row, categories, storedOptions.get(row.cells.sku));
    if (typeof checked === "string") {
      refuse(checked);
      continue;
    }
    const seenAt = rowOfSku.get(checked.sku.toLowerCase());
    if (seenAt !== undefined) {
      refuse(sheetRowErrors.duplicateSku(seenAt));
      continue;
    }
    rowOfSku.set(checked.sku.toLowerCase(), checked.row);
    const first = firstOfProduct.get(checked.slug);
    const differing = first && productFields.find((field) => first[field] !== checked[field]);
    if (first && differing) {
      refuse(sheetRowErrors.differs(differing, first.row));
      continue;
    }
    if (!first) firstOfProduct.set(checked.slug, checked);
    variants.push(checked);
  }
  return { variants, refused };
}

/** What every row of one product must repeat alike. */
const productFields = ["name", "description", "category", "status"] as const;

/** One row's values, or why it is refused. */
function checkRow({ row, cells }: SheetRow, categories: readonly Category[], stored?: StoredOption): SheetVariant | string {
  if (!isSku(cells.sku)) return sheetRowErrors.sku;
  const slug = cells.slug.toLowerCase();
  if (!isSlug(slug)) return sheetRowErrors.slug;
  if (!within(cells.name, productLimits.name)) return sheetRowErrors.name;
  if (!within(cells.description, productLimits.description)) return sheetRowErrors.description;
  const category = categories.find((known) => known.slug === cells.category.toLowerCase());
  if (!category)
    return sheetRowErrors.unknownCategory(
      cells.category,
      categories.map((known) => known.slug),
    );
  const status = cells.status === "" ? null : productStatuses.find((known) => known === cells.status.toLowerCase());
  if (status === undefined) return sheetRowErrors.status;
  const price = wholeShillings(cells.price);
  if (price === null) return sheetRowErrors.price;
  if (/^\s*-/.test(cells.stock)) return sheetRowErrors.negativeStock;
  const stock = parseWholeNumber(cells.stock, { min: 0, max: MAX_STOCK_LEVEL });
  if (stock === null) return sheetRowErrors.stock;
  const option = stored && spells(cells, stored) ? stored : variantOption(cells, category);
  if (typeof option === "string") return option;
  return {
    row,
    sku: cells.sku,
    slug,
    name: cells.name,
    description: cells.description,
    category: category.slug,
    status,
    ...option,
    price,
    stock,
  };
}

/** Sizes and colours for apparel, the pack size for packs: what the category's kind sells by. */
function variantOption(
  cells: SheetRow["cells"],
  category: Category,
): Pick<SheetVariant, "size" | "colour" | "packSize"> | string {
  if (category.kind === "pack") {
    const packSize = parseWholeNumber(cells.pack_size, productLimits.packSize);
    return packSize === null ? sheetRowErrors.packSize : { size: null, colour: null, packSize };
  }
  const sizes = sizesOf(category);
  const size = cleanSize(cells.size);
  if (size === null || !sizes.includes(size)) return sheetRowErrors.size(cells.size, category.slug, sizes);
  if (!within(cells.colour, { min: 1, max: productLimits.colour.max })) return sheetRowErrors.colour;
  return { size, colour: cells.colour, packSize: null };
}

/** Whether the row's cells write exactly this size, colour and pack size (an empty cell for none). */
const spells = (cells: SheetRow["cells"], { size, colour, packSize }: StoredOption) =>
  cells.size === (size ?? "") && cells.colour === (colour ?? "") && cells.pack_size === String(packSize ?? "");

/** A price in whole shillings: digits, or as a spreadsheet may format them with zero cents ('2999.00', '2999,00'). */
function wholeShillings(text: string): number | null {
  const whole = /^(\d+)(?:[.,]0+)?$/.exec(text.replace(/\s/g, ""));
  return whole ? parseWholeNumber(whole[1], productLimits.price) : null;
}

const within = (text: string, limits: { min: number; max: number }) => text.length >= limits.min && text.length <= limits.max;
