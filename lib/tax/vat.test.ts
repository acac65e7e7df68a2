import { describe, expect, it } from "vitest";
import { pricesVatSentence, shopTaxType, splitVat, summariseTax, taxLines, taxRates } from "./vat";

describe("VAT in prices that include it", () => {
  it("takes 16/116 of a standard-rated amount, rounded to the cent", () => {
    expect(splitVat(349_900, "B")).toEqual({ taxableCents: 301_638, vatCents: 48_262 });
    expect(splitVat(11_600, "B")).toEqual({ taxableCents: 10_000, vatCents: 1_600 });
    // 13.79… cents rounds up; 0.5 of a cent rounds away from zero.
    expect(splitVat(100, "B")).toEqual({ taxableCents: 86, vatCents: 14 });
    expect(splitVat(29, "B").vatCents).toBe(4);
  });

  it("takes 8/108 at the reduced rate and nothing for exempt, zero-rated and non-VAT sales", () => {
    expect(splitVat(10_800, "E")).toEqual({ taxableCents: 10_000, vatCents: 800 });
    for (const type of ["A", "C", "D"] as const) expect(splitVat(349_900, type)).toEqual({ taxableCents: 349_900, vatCents: 0 });
  });

  it("rounds a credit note's negative amount like the sale's", () => {
    expect(splitVat(-349_900, "B")).toEqual({ taxableCents: -301_638, vatCents: -48_262 });
  });

  it("refuses amounts that are not whole cents", () => {
    expect(() => splitVat(10.5, "B")).toThrow(/whole cents/);
  });

  it("sums a mixed basket per line: goods, a discounted line and delivery", () => {
    const lines = taxLines([
      { quantity: 2, unitPriceCents: 149_900, discountCents: 0, taxType: "B" as const },
      { quantity: 1, unitPriceCents: 349_900, discountCents: 35_000, taxType: "B" as const },
      { quantity: 1, unitPriceCents: 30_000, discountCents: 0, taxType: "B" as const },
      { quantity: 3, unitPriceCents: 50_000, discountCents: 0, taxType: "E" as const },
    ]);
    expect(lines.map((line) => line.totalCents)).toEqual([299_800, 314_900, 30_000, 150_000]);
    expect(lines.map((line) => line.vatCents)).toEqual([41_352, 43_434, 4_138, 11_111]);
    const summary = summariseTax(lines);
    expect(summary.byType.B).toEqual({ taxableCents: 299_800 + 314_900 + 30_000 - 88_924, vatCents: 88_924 });
    expect(summary.byType.E).toEqual({ taxableCents: 138_889, vatCents: 11_111 });
    expect(summary.vatCents).toBe(100_035);
    // Per line, then summed: the total is exactly what the buyer paid.
    expect(summary.totalCents).toBe(794_700);
    expect(summary.taxableCents + summary.vatCents).toBe(summary.totalCents);
  });

  it("refuses a discount larger than its line", () => {
    expect(() => taxLines([{ quantity: 1, unitPriceCents: 100, discountCents: 101, taxType: "B" }])).toThrow(/discount/);
  });

  it("reports goods as non-VAT until the shop is VAT-registered", () => {
    expect(shopTaxType(false)).toBe("D");
    expect(shopTaxType(true)).toBe("B");
  });

  it("says in one sentence per case whether prices carry VAT, as the invoice does", () => {
    expect(pricesVatSentence(true)).toBe(`Prices include VAT at ${taxRates.B}%.`);
    expect(pricesVatSentence(false)).toMatch(/not registered for VAT/);
    expect(pricesVatSentence(false)).not.toMatch(/include VAT/);
  });
});
