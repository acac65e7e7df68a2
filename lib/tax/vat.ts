import type { TaxType } from "@/lib/db/values";

// VAT in cents, defined once. Prices include VAT, so each line's VAT is taken out of its total,
// rounded to the cent per line; an invoice's figures are the sums of its lines'.

/** Each tax type's rate in percent, as eTIMS reports it (taxRtA … taxRtE). */
export const taxRates: Record<TaxType, number> = { A: 0, B: 16, C: 0, D: 0, E: 8 };

/** A VAT-registered shop sells its goods at the standard rate; one that is not reports them as non-VAT. */
export const shopTaxType = (vatRegistered: boolean): TaxType => (vatRegistered ? "B" : "D");

/** What the shop's prices carry, in one sentence per case (Terms, invoices). */
export const pricesVatSentence = (vatRegistered: boolean): string =>
  vatRegistered ? `Prices include VAT at ${taxRates.B}%.` : "The shop is not registered for VAT: its prices carry no VAT.";

/** One line's total split into its taxable amount and VAT: VAT = total × rate / (100 + rate), to the cent. */
export function splitVat(totalCents: number, taxType: TaxType): { taxableCents: number; vatCents: number } {
  if (!Number.isSafeInteger(totalCents)) throw new Error(`A line's total must be whole cents, not ${totalCents}`);
  const rate = taxRates[taxType];
  // Half away from zero, in integers: a credit note's negative amounts round like a sale's.
  const vatCents = Math.sign(totalCents) * Math.floor((Math.abs(totalCents) * rate * 2 + (100 + rate)) / (2 * (100 + rate)));
  return { taxableCents: totalCents - vatCents, vatCents };
}

export type PricedLine = { quantity: number; unitPriceCents: number; discountCents: number; taxType: TaxType };
export type TaxedLine<L extends PricedLine> = L & { totalCents: number; taxableCents: number; vatCents: number };

/** Each line's total (quantity × unit price − discount) with its VAT taken out. */
export function taxLines<L extends PricedLine>(lines: L[]): TaxedLine<L>[] {
  return lines.map((line) => {
    const totalCents = line.quantity * line.unitPriceCents - line.discountCents;
    if (line.discountCents < 0 || totalCents < 0) throw new Error("A discount cannot exceed its line");
    return { ...line, totalCents, ...splitVat(totalCents, line.taxType) };
  });
}

export type TaxSummary = {
  byType: Record<TaxType, { taxableCents: number; vatCents: number }>;
  taxableCents: number;
  vatCents: number;
  totalCents: number;
};

/** An invoice's figures: per tax type and in all, each the sum of its lines'. */
export function summariseTax(lines: { taxType: TaxType; taxableCents: number; vatCents: number }[]): TaxSummary {
  const zero = () => ({ taxableCents: 0, vatCents: 0 });
  const byType: TaxSummary["byType"] = { A: zero(), B: zero(), C: zero(), D: zero(), E: zero() };
  for (const line of lines) {
    byType[line.taxType].taxableCents += line.taxableCents;
    byType[line.taxType].vatCents += line.vatCents;
  }
  const taxableCents = lines.reduce((sum, line) => sum + line.taxableCents, 0);
  const vatCents = lines.reduce((sum, line) => sum + line.vatCents, 0);
  return { byType, taxableCents, vatCents, totalCents: taxableCents + vatCents };
}
