import { backOfficeSections } from "@/lib/admin/sections";
import { getDb } from "@/lib/server/database";
import { ordersCsvHeader, ordersCsvRows } from "@/lib/orders/csv";
import { parseOrderFilters } from "@/lib/orders/staff-filters";
import { ordersForExport } from "@/lib/orders/staff-list";
import { roleForRoute } from "@/lib/server/session";
import { nairobiDate } from "@/lib/time/nairobi";

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
  const encoder = new TextEncoder();
  const batches = ordersForExport(db, filters);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // A byte-order mark, so spreadsheets read names with accents as UTF-8.
      controller.enqueue(encoder.encode(`\uFEFF${ordersCsvHeader()}`));
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(ordersCsvRows(next.value)));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${nairobiDate(new Date())}.csv"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
