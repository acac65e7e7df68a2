import "server-only";
import { asc, eq, isNull } from "drizzle-orm";
import { csvLines } from "@/lib/core/csv";
import type { Database } from "@/lib/db";
import { products, variants } from "@/lib/db/schema";
import { sheetColumns, type SheetColumn } from "./sheet-rules";

/**
 * 'Export CSV' on the products page: every product, drafts and archived ones too, one row per
 * variant on sale, keyed by its SKU, formula-looking text made safe (lib/core/csv.ts); the route
 * adds the byte-order mark that Excel and LibreOffice read as UTF-8. Its columns are the import's.
 */
export async function catalogSheet(db: Database): Promise<string> {
  const rows = await db
    .select({
      sku: variants.sku,
      slug: products.slug,
      name: products.name,
      description: products.description,
      category: products.category,
      status: products.status,
      size: variants.size,
      colour: variants.colour,
      pack_size: variants.packSize,
      price: variants.price,
      stock: variants.stock,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(isNull(variants.archivedAt))
    .orderBy(asc(products.id), asc(variants.id));
  const cells = (row: Record<SheetColumn, string | number | null>) => sheetColumns.map((column) => row[column] ?? "");
  return csvLines([[...sheetColumns], ...rows.map(cells)]);
}
