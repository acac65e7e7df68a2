/**
 * What staff read about an invoice: its kind, its state at KRA, its amounts, and what to do while
 * sales are not reported. One source for the list, its filters, the CSV and the dashboard.
 * Framework-free.
 */
import type { InvoiceKind, InvoiceReportState } from "@/lib/db/values";

export const invoiceKindLabels: Record<InvoiceKind, string> = {
  sale: "Tax invoice",
  credit_note: "Credit note",
};

export const invoiceStateLabels: Record<InvoiceReportState, string> = {
  pending: "Not reported",
  reported: "Reported",
  rejected: "Rejected",
};

/** Why sales are not reaching KRA, and what fixes it. */
export type EtimsSetupProblem = "not_configured" | "device_not_initialised";

export const etimsSetupMessages: Record<EtimsSetupProblem, string> = {
  not_configured:
    "Sales are not being reported to KRA: eTIMS is not set up. Set ETIMS_API_URL, ETIMS_DEVICE_SERIAL and SHOP_KRA_PIN, restart the shop, then run npm run etims -- init.",
  device_not_initialised: "Sales are not being reported to KRA: the eTIMS device is not initialised. Run npm run etims -- init.",
};

/** Cents as decimal shillings for files: 123450 -> '1234.50' (exact, no floating point). */
export function shillingsText(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const whole = Math.abs(cents);
  return `${sign}${Math.trunc(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}

const shillingsWithCents = new Intl.NumberFormat("en-KE", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Cents as staff read them on an invoice: 123450 -> 'KSh 1,234.50'. */
export function formatKshCents(cents: number): string {
  return `KSh ${shillingsWithCents.format(cents / 100)}`;
}
