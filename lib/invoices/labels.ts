import type { InvoiceKind, InvoiceReportState } from "@/lib/db/values";
import { pricesVatSentence, taxRates } from "@/lib/tax/vat";

// What an invoice says, printed and in the back office, in one place for the pages, the links to
// them, the CSV, the dashboard and the tests. Framework-free.

/** Each kind's heading. */
export const invoiceHeadings: Record<InvoiceKind, string> = { sale: "Tax invoice", credit_note: "Credit note" };

/** A sale's document names the seller's KRA PIN to be a tax invoice: without it, it is a receipt. */
export const saleDocumentName = (shopPin: string | null): string => (shopPin ? invoiceHeadings.sale : "Receipt");

/** A document's heading, for the shop's PIN as it is: also what the back office's list and CSV call it. */
export const invoiceHeading = (kind: InvoiceKind, shopPin: string | null): string =>
  kind === "sale" ? saleDocumentName(shopPin) : invoiceHeadings[kind];

/** A credit note's line naming the sale it credits: 'Credits receipt' or 'Credits tax invoice'. */
export const creditedDocumentLabel = (shopPin: string | null): string => `Credits ${saleDocumentName(shopPin).toLowerCase()}`;

/** Its number's label, in the heading's words: 'Receipt number' under RECEIPT, never 'Invoice number'. */
export const documentNumberLabel = (kind: InvoiceKind, shopPin: string | null): string =>
  `${invoiceHeading(kind, shopPin)} number`;

export const invoiceLabels = {
  /** The links to an order's invoices, whether they are tax invoices or receipts. */
  link: "Invoice",
  shopPin: "KRA PIN",
  buyer: "Buyer",
  buyerPin: "Buyer's KRA PIN",
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
  discount: "discount",
  payment: "Payment",
  mpesaCode: "M-Pesa code",
  notVatRegistered: pricesVatSentence(false),
  /** Whether KRA has it yet is staff's matter (the back office's list): the buyer's copy says only that it has. */
  reportedWithoutReceipt: "Reported to KRA",
  /** An order with no sale invoice yet. */
  notIssued: "The invoice is issued when the order is paid: by M-Pesa, or on delivery or collection. It will appear here then.",
} as const;

/** Where an order's invoices are, beside its page (lib/orders/status.ts orderPath): the same query (its signed link's key) works for both. */
export const invoicePathOf = (orderUrl: string): string => {
  const [path, query] = orderUrl.split("?");
  return query === undefined ? `${path}/invoice` : `${path}/invoice?${query}`;
};

/** The control unit's invoice number as printed: its id and its receipt number (the id alone without one). */
export const cuInvoiceNumber = (controlUnitId: string, receiptNumber: number | null): string =>
  receiptNumber === null ? controlUnitId : `${controlUnitId}/${receiptNumber}`;

/** An invoice's state at KRA, as staff read it. */
export const invoiceStateLabels: Record<InvoiceReportState, string> = {
  pending: "Not reported",
  reported: "Reported",
  rejected: "Rejected",
};

/** Why sales are not reaching KRA, and what fixes it. */
export type EtimsSetupProblem = "not_configured" | "device_not_initialised";

/** The dashboard's word to the owner while the shop has no KRA PIN. */
export const receiptsOnlyWarning =
  "The shop's KRA PIN is not set (SHOP_KRA_PIN), so what it issues are receipts, not tax invoices: business buyers cannot claim their VAT with them.";

export const etimsSetupMessages: Record<EtimsSetupProblem, string> = {
  not_configured:
    "Sales are not being reported to KRA: eTIMS is not set up. Set ETIMS_API_URL, ETIMS_DEVICE_SERIAL and SHOP_KRA_PIN, restart the shop, then run npm run etims -- init.",
  device_not_initialised: "Sales are not being reported to KRA: the eTIMS device is not initialised. Run npm run etims -- init.",
};
