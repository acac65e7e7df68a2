import { describe, expect, it } from "vitest";
import type { InvoiceLineRecord } from "@/lib/db/schema";
import { taxLines } from "@/lib/tax/vat";
import { discountRate, salePayload } from "./payload";

const hoodie = {
  orderLineId: 1,
  itemCode: "KE1NTXU0000001",
  classCode: "61101700",
  itemTypeCode: "2",
  packagingUnitCode: "NT",
  quantityUnitCode: "U",
  name: "Glow Hoodie, M · Black",
  taxType: "B",
} as const;

function invoiceWith(lines: Omit<InvoiceLineRecord, "totalCents" | "taxableCents" | "vatCents">[]) {
  return {
    number: 7,
    kind: "sale" as const,
    originalNumber: null,
    orderNumber: "KT-7",
    buyerName: "Wanjiku",
    buyerPin: null,
    paymentTypeCode: "01",
    issuedAt: new Date("2026-11-27T09:00:00Z"),
    lines: taxLines(lines),
  };
}

describe("what eTIMS is sent for a discounted line", () => {
  it("sends the price, the discount's rate and amount, and an amount that multiplies out", () => {
    // KARIBU10 on one hoodie at KSh 3,499: KSh 350 off.
    const payload = salePayload(invoiceWith([{ ...hoodie, quantity: 1, unitPriceCents: 349_900, discountCents: 35_000 }]), {
      legalName: "Kijani Threads",
      address: "Nairobi",
    });
    expect(payload.itemList[0]).toMatchObject({ prc: 3499, qty: 1, splyAmt: 3499, dcRt: 10, dcAmt: 350, totAmt: 3149 });
    expect(payload.totAmt).toBe(3149);
  });

  it("rounds the rate to two decimals, and is 0 without a discount or a price", () => {
    expect(discountRate({ quantity: 3, unitPriceCents: 99_900, discountCents: 10_000 })).toBe(3.34);
    expect(discountRate({ quantity: 2, unitPriceCents: 150_000, discountCents: 0 })).toBe(0);
    expect(discountRate({ quantity: 1, unitPriceCents: 0, discountCents: 0 })).toBe(0);
  });
});
