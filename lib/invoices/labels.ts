import type { InvoiceKind } from "@/lib/db/values";
import { taxRates } from "@/lib/tax/vat";

// What a printed invoice says, in one place for the page, the links to it and the tests.
// Framework-free.

/** Each kind's heading, and the name of the links to an order's invoice. */
export const invoiceHeadings: Record<InvoiceKind, string> = { sale: "Tax invoice", credit_note: "Credit note" };

export const invoiceLabels = {
  link: invoiceHeadings.sale,
  shopPin: "KRA PIN",
  buyer: "Buyer",
  buyerPin: "Buyer's KRA PIN",
  number: "Invoice number",
  creditedInvoice: "Credits invoice",
  date: "Date",
  order: "Order",
  taxable: "Taxable amount",
  /** The standard rate: the only one the shop charges (lib/tax/vat.ts shopTaxType). */
  vat: `VAT ${taxRates.B}%`,
  total: "Total",
  cuInvoiceNumber: "CU invoice number",
  internalData: "Internal data",
  receiptSignature: "Receipt signature",
  qrCode: "QR code: check this invoice with KRA",
  notVatRegistered: "The shop is not registered for VAT: its prices carry no VAT.",
  notReported: "Not yet reported to KRA",
  reportedWithoutReceipt: "Reported to KRA",
  /** An order with no sale invoice yet. */
  notIssued:
    "The tax invoice is issued when the order is paid (M-Pesa) or delivered (pay on delivery). It will appear here then.",
} as const;

/** Where an order's invoices are, beside its page (lib/orders/status.ts orderPath): the same query (its signed link's key) works for both. */
export const invoicePathOf = (orderUrl: string): string => {
  const [path, query] = orderUrl.split("?");
  return query === undefined ? `${path}/invoice` : `${path}/invoice?${query}`;
};
