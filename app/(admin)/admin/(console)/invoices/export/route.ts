import { backOfficeSections } from "@/lib/admin/sections";
import { csvBatches, csvDownload } from "@/lib/http/csv-download";
import { invoicesCsvHeader, invoicesCsvRows } from "@/lib/invoices/csv";
import { invoiceSeller } from "@/lib/invoices/invoice-view";
import { parseInvoiceFilters } from "@/lib/invoices/staff-filters";
import { invoicesForExport } from "@/lib/invoices/staff-list";
import { getDb } from "@/lib/server/database";
import { roleForRoute } from "@/lib/server/session";

export const dynamic = "force-dynamic";

/**
 * 'Export CSV' for the accountant: every invoice and credit note the list's filters select (all
 * pages), newest first, streamed batch by batch. Staff with the invoices role only; never cached.
 */
export async function GET(request: Request): Promise<Response> {
  const access = await roleForRoute(backOfficeSections.invoices);
  if ("response" in access) return access.response;
  const filters = parseInvoiceFilters(new URL(request.url).searchParams);
  const shopPin = invoiceSeller().kraPin;
  const rows = csvBatches(invoicesForExport(await getDb(), filters), (batch) => invoicesCsvRows(batch, shopPin));
  return csvDownload("invoices", invoicesCsvHeader(), rows);
}
