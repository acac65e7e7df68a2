import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { InvoiceView } from "@/lib/invoices/invoice-view";
import { InvoiceDocument } from "./InvoiceDocument";

// Issue 55: the buyer's copy speaks the heading's words, says how it was paid, and keeps staff's
// matters (no PIN set, not yet reported to KRA) to the back office.

const sale: InvoiceView = {
  id: 1,
  kind: "sale",
  number: 1,
  creditedNumber: null,
  issuedAt: new Date("2026-11-28T09:00:00Z"),
  buyerName: "Wambui Njeri",
  buyerPin: null,
  sellerAddress: "Kimathi Street, Nairobi",
  vatCharged: false,
  lines: [{ name: "Hoodie, XL", quantity: 1, unitPriceCents: 250000, discountCents: 0, totalCents: 250000 }],
  taxableCents: 250000,
  vatCents: 0,
  totalCents: 250000,
  report: { reported: false },
};

const render = (invoice: InvoiceView, kraPin: string | null) =>
  renderToStaticMarkup(
    createElement(InvoiceDocument, {
      invoice,
      seller: { legalName: "Kijani Threads Ltd", kraPin },
      orderNumber: "KT-7F3K9QM",
      headingLevel: "h1",
      payment: invoice.kind === "sale" ? { method: "M-Pesa", codes: ["TKR4B2X9QZ"] } : undefined,
    }),
  ).replace(/<!-- -->/g, "");

describe("InvoiceDocument", () => {
  it("under RECEIPT, numbers a receipt, never an invoice, and says nothing of the PIN or KRA", () => {
    const html = render(sale, null);
    expect(html).toContain(">Receipt</h1>");
    expect(html).toContain('<dt class="text-stone-700">Receipt number</dt>');
    expect(html).not.toMatch(/Invoice number|tax invoice|KRA/i);
  });

  it("names a tax invoice's number as such, and a credit note's", () => {
    expect(render(sale, "P051234567X")).toContain(">Tax invoice number</dt>");
    const credit = render({ ...sale, kind: "credit_note", number: 2, creditedNumber: 1 }, null);
    expect(credit).toContain(">Credit note number</dt>");
    expect(credit).toContain(">Credits receipt</dt>");
  });

  it("prints how the sale was paid and its M-Pesa code; a credit note does not", () => {
    const html = render(sale, null);
    expect(html).toMatch(/>Payment<\/dt><dd[^>]*data-testid="invoice-payment">M-Pesa</);
    expect(html).toMatch(/>M-Pesa code<\/dt><dd[^>]*data-testid="invoice-mpesa-code">TKR4B2X9QZ</);
    expect(render({ ...sale, kind: "credit_note", creditedNumber: 1 }, null)).not.toContain("invoice-payment");
  });
});
