import { describe, expect, it } from "vitest";
import { invoicesCsv } from "./csv";
import { formatCents, shillingsText } from "@/lib/tax/money";
import type { StaffInvoiceRow } from "./staff-list";

const row = (overrides: Partial<StaffInvoiceRow> = {}): StaffInvoiceRow => ({
  id: 1,
  number: 42,
  kind: "sale",
  creditsNumber: null,
  issuedAt: new Date("2031-11-21T11:05:00Z"),
  orderNumber: "KT-7F3K9QM",
  buyerPin: "P051234567X",
  taxableCents: 211207,
  vatCents: 33793,
  totalCents: 245000,
  state: "reported",
  cuInvoiceNumber: "KRACU0100000001/17",
  rejectionCode: null,
  rejectionMessage: null,
  ...overrides,
});

describe("invoices CSV", () => {
  it("writes a heading line and one line per invoice: Nairobi time, amounts as shillings with 2 decimals", () => {
    expect(
      invoicesCsv(
        [
          row(),
          row({
            id: 2,
            number: 43,
            kind: "credit_note",
            creditsNumber: 42,
            buyerPin: null,
            taxableCents: 86,
            vatCents: 14,
            totalCents: 100,
            state: "pending",
            cuInvoiceNumber: null,
          }),
        ],
        "P051234567X",
      ),
    ).toBe(
      "Invoice number,Kind,Credits invoice,Date (Nairobi time),Order number,Buyer PIN,Taxable amount (KSh),VAT (KSh),Total (KSh),CU invoice number,State\r\n" +
        "42,Tax invoice,,2031-11-21 14:05,KT-7F3K9QM,P051234567X,2112.07,337.93,2450.00,KRACU0100000001/17,Reported\r\n" +
        "43,Credit note,42,2031-11-21 14:05,KT-7F3K9QM,,0.86,0.14,1.00,,Not reported\r\n",
    );
  });

  it("calls a sale a receipt while the shop has no KRA PIN, as its page does (issue 55)", () => {
    const [, sale, credit] = invoicesCsv([row(), row({ id: 2, number: 43, kind: "credit_note", creditsNumber: 42 })], null).split(
      "\r\n",
    );
    expect(sale).toMatch(/^42,Receipt,,/);
    expect(credit).toMatch(/^43,Credit note,42,/);
  });

  it("never lets a cell run as a formula", () => {
    const [, line] = invoicesCsv(
      [row({ buyerPin: '=HYPERLINK("http://evil")', cuInvoiceNumber: "+1", orderNumber: "@SUM(A1)" })],
      "P051234567X",
    ).split("\r\n");
    expect(line).toBe(
      `42,Tax invoice,,2031-11-21 14:05,'@SUM(A1),"'=HYPERLINK(""http://evil"")",2112.07,337.93,2450.00,'+1,Reported`,
    );
  });

  it("writes cents exactly, without floating point", () => {
    expect([0, 5, 99, 100, 1005, 123456789, -250].map(shillingsText)).toEqual([
      "0.00",
      "0.05",
      "0.99",
      "1.00",
      "10.05",
      "1234567.89",
      "-2.50",
    ]);
    expect(formatCents(245000)).toBe("KSh 2,450.00");
  });
});
