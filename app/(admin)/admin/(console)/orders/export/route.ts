import { backOfficeSections } from "@/lib/admin/sections";
import { csvBatches, csvDownload } from "@/lib/http/csv-download";
import { getDb } from "@/lib/server/database";
import { ordersCsvHeader, ordersCsvRows } from "@/lib/orders/csv";
import { parseOrderFilters } from "@/lib/orders/staff-filters";
import { ordersForExport } from "@/lib/orders/staff-list";
import { roleForRoute } from "@/lib/server/session";

export const dynamic = "force-dynamic";

/**
 * 'Export CSV': every order the list's filters select (all pages), newest first, as a CSV file
 * streamed batch by batch. Staff with the orders role only; never cached.
 */
export async function GET(request: Request): Promise<Response> {
  const access = await roleForRoute(backOfficeSections.orders);
  if ("response" in access) return access.response;
  const filters = parseOrderFilters(new URL(request.url).searchParams);
  const db = await getDb();
  return csvDownload("orders", ordersCsvHeader(), csvBatches(ordersForExport(db, filters), ordersCsvRows));
}
