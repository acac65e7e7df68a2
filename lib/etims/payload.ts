import type { InvoiceLineRecord } from "@/lib/db/schema";
import { taxTypes } from "@/lib/db/values";
import { taxRates, summariseTax } from "@/lib/tax/vat";
import { nairobiCompactTimestamp } from "@/lib/time/nairobi";

// What eTIMS is sent for an item and for an invoice, built from the invoice as it was issued.
// Amounts go as numbers with two decimals (cents / 100); dates in Nairobi time.

const registrant = { regrId: "shop", regrNm: "Kijani Threads shop", modrId: "shop", modrNm: "Kijani Threads shop" };
const amount = (cents: number) => Math.round(cents) / 100;

/** A line's discount as a percentage of its price × quantity, to two decimals, as eTIMS's dcRt is. */
export function discountRate(line: Pick<InvoiceLineRecord, "quantity" | "unitPriceCents" | "discountCents">): number {
  const supplyCents = line.quantity * line.unitPriceCents;
  return supplyCents === 0 ? 0 : Math.round((line.discountCents * 10_000) / supplyCents) / 100;
}

/** saveItem's body for one invoice line's item, at its price on this invoice. */
export function itemPayload(line: InvoiceLineRecord) {
  return {
    itemCd: line.itemCode,
    itemClsCd: line.classCode,
    itemTyCd: line.itemTypeCode,
    itemNm: line.name.slice(0, 200),
    orgnNatCd: "KE",
    pkgUnitCd: line.packagingUnitCode,
    qtyUnitCd: line.quantityUnitCode,
    taxTyCd: line.taxType,
    dftPrc: amount(line.unitPriceCents),
    isrcAplcbYn: "N",
    useYn: "Y",
    ...registrant,
  };
}

/** What registering an item sends that can change: a new one of these registers it again. */
export const itemFingerprint = (line: InvoiceLineRecord) =>
  JSON.stringify([line.name, line.unitPriceCents, line.taxType, line.classCode]);

export type ReportedInvoice = {
  number: number;
  kind: "sale" | "credit_note";
  originalNumber: number | null;
  orderNumber: string;
  buyerName: string;
  buyerPin: string | null;
  paymentTypeCode: string;
  issuedAt: Date;
  lines: InvoiceLineRecord[];
};

/** saveTrnsSalesOsdc's body: a sale ("S") or a credit note ("R") against its original invoice. */
export function salePayload(invoice: ReportedInvoice, shop: { legalName: string; address: string }) {
  const summary = summariseTax(invoice.lines);
  const confirmed = nairobiCompactTimestamp(invoice.issuedAt);
  const perType = Object.fromEntries(
    taxTypes.flatMap((type) => [
      [`taxblAmt${type}`, amount(summary.byType[type].taxableCents)],
      [`taxRt${type}`, taxRates[type]],
      [`taxAmt${type}`, amount(summary.byType[type].vatCents)],
    ]),
  );
  const creditNote = invoice.kind === "credit_note";
  return {
    invcNo: invoice.number,
    orgInvcNo: creditNote ? invoice.originalNumber : 0,
    trdInvcNo: `${invoice.orderNumber}-${invoice.number}`.slice(0, 50),
    custTin: invoice.buyerPin ?? undefined,
    custNm: invoice.buyerName.slice(0, 60),
    salesTyCd: "N",
    rcptTyCd: creditNote ? "R" : "S",
    pmtTyCd: invoice.paymentTypeCode,
    salesSttsCd: "02",
    cfmDt: confirmed,
    salesDt: confirmed.slice(0, 8),
    // A refund, as KRA's reason codes say: 06.
    ...(creditNote ? { rfdDt: confirmed, rfdRsnCd: "06" } : {}),
    totItemCnt: invoice.lines.length,
    ...perType,
    totTaxblAmt: amount(summary.taxableCents),
    totTaxAmt: amount(summary.vatCents),
    totAmt: amount(summary.totalCents),
    prchrAcptcYn: "N",
    ...registrant,
    receipt: {
      custTin: invoice.buyerPin ?? undefined,
      rcptPbctDt: confirmed,
      trdeNm: shop.legalName,
      adrs: shop.address,
      prchrAcptcYn: "N",
    },
    itemList: invoice.lines.map((line, index) => ({
      itemSeq: index + 1,
      itemCd: line.itemCode,
      itemClsCd: line.classCode,
      itemNm: line.name.slice(0, 200),
      pkgUnitCd: line.packagingUnitCode,
      pkg: line.quantity,
      qtyUnitCd: line.quantityUnitCode,
      qty: line.quantity,
      prc: amount(line.unitPriceCents),
      splyAmt: amount(line.quantity * line.unitPriceCents),
      dcRt: discountRate(line),
      dcAmt: amount(line.discountCents),
      taxTyCd: line.taxType,
      taxblAmt: amount(line.taxableCents),
      taxAmt: amount(line.vatCents),
      totAmt: amount(line.totalCents),
    })),
  };
}
