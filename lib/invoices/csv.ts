/** The invoice list as CSV for the accountant (lib/core/csv.ts: formula-safe fields). Framework-free. */
import { csvLine } from "@/lib/core/csv";
import { nairobiTimestamp } from "@/lib/time/nairobi";
import { shillingsText } from "@/lib/tax/money";
import { invoiceHeading, invoiceStateLabels } from "./labels";
import type { StaffInvoiceRow } from "./staff-list";

/**
 * The export's columns: a heading and each row's value; amounts are decimal shillings with 2 decimals.
 * A sale is a 'Receipt' while the shop has no KRA PIN (`shopPin`), as its page says.
 */
const columns: { heading: string; value: (row: StaffInvoiceRow, shopPin: string | null) => string | number }[] = [
  { heading: "Invoice number", value: (row) => row.number },
  { heading: "Kind", value: (row, shopPin) => invoiceHeading(row.kind, shopPin) },
  { heading: "Credits invoice", value: (row) => row.creditsNumber ?? "" },
  { heading: "Date (Nairobi time)", value: (row) => nairobiTimestamp(row.issuedAt) },
  { heading: "Order number", value: (row) => row.orderNumber },
  { heading: "Buyer PIN", value: (row) => row.buyerPin ?? "" },
  { heading: "Taxable amount (KSh)", value: (row) => shillingsText(row.taxableCents) },
  { heading: "VAT (KSh)", value: (row) => shillingsText(row.vatCents) },
  { heading: "Total (KSh)", value: (row) => shillingsText(row.totalCents) },
  { heading: "CU invoice number", value: (row) => row.cuInvoiceNumber ?? "" },
  { heading: "State", value: (row) => invoiceStateLabels[row.state] },
];

/** The whole file: the heading line, then one line per invoice. */
export function invoicesCsv(rows: StaffInvoiceRow[], shopPin: string | null): string {
  return invoicesCsvHeader() + invoicesCsvRows(rows, shopPin);
}

/** The heading line, CRLF-terminated. */
export function invoicesCsvHeader(): string {
  return csvLine(columns.map((column) => column.heading));
}

/** One CRLF-terminated line per invoice (for streaming a long export batch by batch). */
export function invoicesCsvRows(rows: StaffInvoiceRow[], shopPin: string | null): string {
  return rows.map((row) => csvLine(columns.map((column) => column.value(row, shopPin)))).join("");
}
