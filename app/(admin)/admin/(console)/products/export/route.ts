import { backOfficeSections } from "@/lib/admin/sections";
import { catalogSheet } from "@/lib/catalog/sheet-export";
import { csvDownload } from "@/lib/http/csv-download";
import { getDb } from "@/lib/server/database";
import { roleForRoute } from "@/lib/server/session";

export const dynamic = "force-dynamic";

/** 'Export CSV' on the products page: the whole catalog, one row per variant (lib/catalog/sheet-export.ts). */
export async function GET(): Promise<Response> {
  const access = await roleForRoute(backOfficeSections.products);
  if ("response" in access) return access.response;
  return csvDownload("catalog", await catalogSheet(await getDb()));
}
