import { backOfficeSections } from "@/lib/admin/sections";
import { invoicesCsvHeader, invoicesCsvRows } from "@/lib/invoices/csv";
import { invoiceSeller } from "@/lib/invoices/invoice-view";
import { parseInvoiceFilters } from "@/lib/invoices/staff-filters";
import { invoicesForExport } from "@/lib/invoices/staff-list";
import { getDb } from "@/lib/server/database";
import { roleForRoute } from "@/lib/server/session";
import { nairobiDate } from "@/lib/time/nairobi";

export const dynamic = "force-dynamic";

/**
 * 'Export CSV' for the accountant: every invoice and credit note the list's filters select (all
 * pages), newest first, streamed batch by batch. Staff with the invoices role only; never cached.
 */
export async function GET(request: Request): Promise<Response> {
  const access = await roleForRoute(backOfficeSections.invoices);
  if ("response" in access) return access.response;
  const filters = parseInvoiceFilters(new URL(request.url).searchParams);
  const encoder = new TextEncoder();
  const batches = invoicesForExport(await getDb(), filters);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // A byte-order mark, so spreadsheets read the file as UTF-8.
      controller.enqueue(encoder.encode(`\uFEFF${invoicesCsvHeader()}`));
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(invoicesCsvRows(next.value, invoiceSeller().kraPin)));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="invoices-${nairobiDate(new Date())}.csv"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
