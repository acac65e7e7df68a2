// Amounts on invoices are in cents (lib/tax/vat.ts); the shop's other prices are whole shillings
// (lib/catalog/price.ts formatKsh). Framework-free.

const shillingsAndCents = new Intl.NumberFormat("en-KE", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Cents as an invoice shows them: 349900 is "KSh 3,499.00"; a credit note's -50 is "-KSh 0.50". */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`An amount must be whole cents, not ${cents}`);
  const amount = `KSh ${shillingsAndCents.format(Math.abs(cents) / 100)}`;
  return cents < 0 ? `-${amount}` : amount;
}

/** Cents as decimal shillings for files (the accountant's CSV): 123450 is "1234.50", exactly. */
export function shillingsText(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const whole = Math.abs(cents);
  return `${sign}${Math.trunc(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}
