import "server-only";
import { asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "@/lib/db";
import { invoices } from "@/lib/db/schema";
import type { InvoiceKind } from "@/lib/db/values";
import { taxSettings } from "@/lib/tax/settings";
import { cuInvoiceNumber } from "./labels";

// An order's invoices as the buyer reads and prints them: each one as it was issued (its lines are a
// snapshot, never the catalog's prices now), with eTIMS's receipt once KRA has it.

/**
 * KRA's public receipt check, which an eTIMS invoice's QR code opens: followed by the shop's PIN, the
 * branch id and the receipt signature, as KRA's OSCU integration guide prints them.
 */
export const KRA_RECEIPT_CHECK_URL = "https://etims.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=";

export type InvoiceLineView = {
  name: string;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  totalCents: number;
};

/** eTIMS's answer, exactly as it was stored. */
export type InvoiceReceipt = {
  cuInvoiceNumber: string;
  internalData: string | null;
  receiptSignature: string;
  /** The QR code's link; null when the shop has no PIN set to build it with. */
  checkUrl: string | null;
};

/**
 * Whether KRA has it. The buyer sees one state before KRA has it: waiting to be sent and
 * rejected read alike (staff see the rejection in the back office). Reported without a receipt:
 * eTIMS answered that it already held the number, so there is none to print.
 */
export type InvoiceReport = { reported: false } | { reported: true; receipt: InvoiceReceipt | null };

export type InvoiceView = {
  id: number;
  kind: InvoiceKind;
  number: number;
  /** A credit note's sale invoice number. */
  creditedNumber: number | null;
  issuedAt: Date;
  buyerName: string;
  buyerPin: string | null;
  /** The shop's address as it printed when issued (the Shop details page may have changed it since). */
  sellerAddress: string;
  /** Whether VAT was charged: a shop not registered for VAT shows the total alone. */
  vatCharged: boolean;
  lines: InvoiceLineView[];
  taxableCents: number;
  vatCents: number;
  totalCents: number;
  report: InvoiceReport;
};

/** Who issues the invoices: the shop's legal name and PIN (each invoice keeps its own address). */
export type InvoiceSeller = { legalName: string; kraPin: string | null };

/** The order's invoices, oldest first: its sale invoice, then each credit note. None before the sale. */
export async function listOrderInvoices(db: Database, orderId: number): Promise<InvoiceView[]> {
  const original = alias(invoices, "original");
  const rows = await db
    .select({ invoice: invoices, creditedNumber: original.number })
    .from(invoices)
    .leftJoin(original, eq(original.id, invoices.originalInvoiceId))
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.issuedAt), asc(invoices.id));
  const { kraPin } = taxSettings();
  return rows.map(({ invoice, creditedNumber }) => ({
    id: invoice.id,
    kind: invoice.kind,
    number: invoice.number,
    creditedNumber,
    issuedAt: invoice.issuedAt,
    buyerName: invoice.buyerName,
    buyerPin: invoice.buyerPin,
    sellerAddress: invoice.sellerAddress,
    vatCharged: invoice.vatCharged,
    lines: invoice.lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      discountCents: line.discountCents,
      totalCents: line.totalCents,
    })),
    taxableCents: invoice.taxableCents,
    vatCents: invoice.vatCents,
    totalCents: invoice.totalCents,
    report: reportOf(invoice, kraPin),
  }));
}

/** Whether the order has an invoice yet (its sale made): its pages and e-mails link to it then. */
export async function hasInvoices(db: Database, orderId: number): Promise<boolean> {
  const [row] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, orderId)).limit(1);
  return row !== undefined;
}

/** The shop as every invoice names it (lib/tax/settings.ts). */
export function invoiceSeller(): InvoiceSeller {
  const { legalName, kraPin } = taxSettings();
  return { legalName, kraPin };
}

function reportOf(invoice: typeof invoices.$inferSelect, shopPin: string | null): InvoiceReport {
  if (invoice.reportState !== "reported") return { reported: false };
  const { controlUnitId, receiptNumber, receiptSignature } = invoice;
  if (controlUnitId === null || receiptNumber === null || receiptSignature === null) return { reported: true, receipt: null };
  return {
    reported: true,
    receipt: {
      cuInvoiceNumber: cuInvoiceNumber(controlUnitId, receiptNumber),
      internalData: invoice.internalData,
      receiptSignature,
      checkUrl: shopPin ? `${KRA_RECEIPT_CHECK_URL}${shopPin}${invoice.branchId}${receiptSignature}` : null,
    },
  };
}
