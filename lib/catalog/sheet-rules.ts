/**
 * The catalog as a spreadsheet (issue 60): its columns, limits and every message an admin reads
 * about a file. Framework-free: the export, the import's checks and the back office's pages share it.
 */
import { backOfficeSections, catalogImportSection } from "@/lib/admin/sections";
import { MAX_PHOTO_BYTES, MAX_PHOTO_MEGABYTES } from "@/lib/photos/rules";
import { MAX_STOCK_LEVEL } from "@/lib/stock/rules";
import { productLimits } from "./product-input";

/** The file's columns, in the export's order; an import may order them as it likes. */
export const sheetColumns = [
  "sku",
  "slug",
  "name",
  "description",
  "category",
  "status",
  "size",
  "colour",
  "pack_size",
  "price",
  "stock",
] as const;
export type SheetColumn = (typeof sheetColumns)[number];

/**
 * The largest file: the upload route's body passes Next's proxy, whose buffer is set for a photo
 * (next.config.ts), so a sheet gets the same cap (10 MB, 4 on Vercel): some 40,000 rows.
 */
export const MAX_SHEET_BYTES = MAX_PHOTO_BYTES;
export const MAX_SHEET_MEGABYTES = MAX_PHOTO_MEGABYTES;
/** Rows a file may hold, header aside. */
export const MAX_SHEET_ROWS = 20_000;

/** A SKU as staff write it on a label: letters, digits, dots, underscores and hyphens. */
const skuPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const isSku = (value: string) => skuPattern.test(value);

/** Why a whole file is refused before any row is read. */
export const sheetFileErrors = {
  missing: "Choose a CSV file to preview.",
  tooLarge: `The file is larger than ${MAX_SHEET_MEGABYTES} MB. Split it into smaller files.`,
  notUtf8:
    "The file is not UTF-8 text. In Excel choose 'Save as' → 'CSV UTF-8'; in LibreOffice, character set 'Unicode (UTF-8)'.",
  notCsv: "The file could not be read as CSV: check that its quotes are closed.",
  noHeader: `The first row must name the columns: ${sheetColumns.join(", ")}.`,
  tooManyRows: `A file may hold at most ${MAX_SHEET_ROWS.toLocaleString("en-KE")} rows. Split it into smaller files.`,
} as const;
export type SheetFileError = keyof typeof sheetFileErrors;

/** Why a file was refused: one of the errors above, or the columns its first row lacks. */
export type SheetProblem = { error: SheetFileError } | { missing: SheetColumn[] };

export const missingColumns = (columns: readonly string[]) =>
  `The first row names no ${columns.join(", ")} column${columns.length > 1 ? "s" : ""}. Start from an exported file.`;

export const sheetProblemText = (problem: SheetProblem) =>
  "missing" in problem ? missingColumns(problem.missing) : sheetFileErrors[problem.error];

/** The import page, with the reason the last file was refused (only our own words travel in its URL). */
export function importPagePath(problem?: SheetProblem): string {
  if (!problem) return importPath;
  const query = "missing" in problem ? `missing=${problem.missing.join(",")}` : `error=${problem.error}`;
  return `${importPath}?${query}`;
}

/** The reason the import page's URL gives, if it is one of ours. */
export function parseSheetProblem(params: Record<string, string | string[] | undefined>): SheetProblem | null {
  const { error, missing } = params;
  if (typeof error === "string" && Object.hasOwn(sheetFileErrors, error)) return { error: error as SheetFileError };
  const columns = typeof missing === "string" ? sheetColumns.filter((column) => missing.split(",").includes(column)) : [];
  return columns.length > 0 ? { missing: columns } : null;
}

const importPath = catalogImportSection.path;
/** Where the preview named `importId` is shown. */
export const sheetPreviewPath = (importId: number) => `${importPath}/${importId}`;
/** Where the upload form posts. */
export const sheetUploadPath = `${importPath}/preview`;
/** Where 'Export CSV' downloads the catalog. */
export const sheetExportPath = `${backOfficeSections.products.path}/export`;

/** The upload form's field. */
export const sheetUploadField = "sheet";

/** Why one row is refused, as the preview lists it beside the row's number. */
export const sheetRowErrors = {
  sku: "Give a SKU of letters, digits, dots, underscores or hyphens (at most 64).",
  duplicateSku: (row: number) => `Duplicate SKU: row ${row} has it too.`,
  slug: "Give a slug of lower-case letters, digits and single hyphens (for example blue-hoodie).",
  name: `Give a name of ${productLimits.name.min} to ${productLimits.name.max} characters.`,
  description: `Give a description of ${productLimits.description.min} to ${productLimits.description.max} characters.`,
  unknownCategory: (category: string, known: readonly string[]) =>
    `Unknown category '${category}': use one of ${known.join(", ")}.`,
  status: "Give a status of draft, published or archived (or leave it empty).",
  price: `The price must be a whole number of shillings from ${productLimits.price.min} to ${productLimits.price.max.toLocaleString("en-KE")}, without cents.`,
  negativeStock: "The stock cannot be negative.",
  stock: `The stock must be a whole number from 0 to ${MAX_STOCK_LEVEL.toLocaleString("en-KE")}.`,
  size: (size: string, category: string, sizes: readonly string[]) =>
    sizes.length > 0
      ? `The category ${category} has no size '${size}': use one of ${sizes.join(", ")}.`
      : `The category ${category} has no sizes: add them to the category first.`,
  colour: `Give a colour of at most ${productLimits.colour.max} characters.`,
  packSize: `Give the bags per pack, 1 to ${productLimits.packSize.max}.`,
  differs: (field: string, row: number) =>
    `The ${field} differs from row ${row} of the same product: give each product's rows the same ${field}.`,
  sameVariant: (label: string, sku: string) => `Another variant of this product is already ${label} (SKU ${sku}).`,
  otherProduct: (slug: string) => `This SKU belongs to the product ${slug}: a SKU cannot move to another product.`,
  archived: "This SKU's variant was removed from the shop; give the row a new SKU.",
  oldSlug: (slug: string) => `This address belonged to the product now at ${slug}: use its current slug.`,
  categoryChange: (category: string) =>
    `The product is in the category ${category}: move it to another category on its page in the back office.`,
  tooManyVariants: `A product has at most ${productLimits.variants.max} variants.`,
} as const;

/** Why applying a preview refused a row: it changed after the preview. */
export const sheetApplyErrors = {
  stockMoved: (from: number, now: number) =>
    `The stock changed from ${from} to ${now} after the preview (an order or a staff change): preview the file again.`,
  variantGone: "The variant was removed after the preview: preview the file again.",
  taken: "A product or variant with this slug or SKU was added after the preview: preview the file again.",
} as const;

export const sheetMessages = {
  applied: "Applied. Shoppers see the new catalog now.",
  alreadyApplied: "This preview was applied already; nothing changed again.",
  refusedRows: "Nothing changed: these rows were refused.",
  notFound: "This preview does not exist. Upload the file again.",
  nothingToChange: "Nothing to change: the catalog already matches this file.",
} as const;

/** A change an import made, as its product's history shows it: 'Import: Price of M · Black: KSh 3,499 → KSh 3,299'. */
export const importedChange = (change: string) => `Import: ${change}`;

/** "12 → 19 (+7)": a stock change as the preview shows it. */
export function stockChangeText(from: number, to: number): string {
  const change = to - from;
  return `${from} → ${to} (${change > 0 ? "+" : ""}${change})`;
}
