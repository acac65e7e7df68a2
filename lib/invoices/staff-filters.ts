/**
 * The back office's invoice list filters: untrusted URL parameters parsed once, by one schema,
 * into filters that are always valid, and the URLs that carry them (the list, its CSV export).
 * Framework-free.
 */
import { z } from "zod";
import { backOfficeSections } from "@/lib/admin/sections";
import { invoiceReportStates } from "@/lib/db/values";
import { isCalendarDate, type CalendarDate } from "@/lib/time/nairobi";
import { invoiceStateLabels } from "./labels";

/** How long an invoice may wait for KRA before staff are warned (the dashboard, the 'late' view). */
export const REPORT_OVERDUE_MS = 60 * 60 * 1000;

/** A state at KRA, every invoice, or those still unreported after REPORT_OVERDUE_MS. */
export const invoiceStateViews = [
  { value: "all", label: "All" },
  ...invoiceReportStates.map((state) => ({ value: state, label: invoiceStateLabels[state] })),
  { value: "overdue", label: "Waiting over an hour" },
] as const;
export type InvoiceStateView = (typeof invoiceStateViews)[number]["value"];

/** Issued between two Nairobi calendar days (either may be open, from ≤ to), in one state view, a page from 1. */
export type InvoiceFilters = {
  state: InvoiceStateView;
  from: CalendarDate | null;
  to: CalendarDate | null;
  page: number;
};

export const defaultInvoiceFilters: InvoiceFilters = { state: "all", from: null, to: null, page: 1 };

export const maxInvoicePage = 10_000;

const calendarDate = z
  .string()
  .refine((value) => isCalendarDate(value))
  .nullable()
  .catch(null);

/** Each field falls back on its own: one bad parameter never costs the others, nor a 500. */
const filtersSchema = z
  .object({
    state: z.enum(invoiceStateViews.map((view) => view.value) as [InvoiceStateView, ...InvoiceStateView[]]).catch("all"),
    from: calendarDate,
    to: calendarDate,
    page: z.coerce.number().int().min(1).max(maxInvoicePage).catch(1),
  })
  // A reversed range is put the right way round.
  .transform((filters) =>
    filters.from && filters.to && filters.from > filters.to ? { ...filters, from: filters.to, to: filters.from } : filters,
  );

type RawParams = Record<string, string | string[] | undefined>;

/** Any URL parameters (the first of repeated ones) as valid filters. */
export function parseInvoiceFilters(params: RawParams | URLSearchParams): InvoiceFilters {
  const get = (name: string) => (params instanceof URLSearchParams ? params.get(name) : [params[name]].flat()[0]) ?? null;
  return filtersSchema.parse({ state: get("state"), from: get("from"), to: get("to"), page: get("page")?.trim() || 1 });
}

/** The invoice list's URL for these filters, leaving out defaults so links stay short. */
export function staffInvoicesHref(filters: Partial<InvoiceFilters> = {}): string {
  return withQuery(backOfficeSections.invoices.path, { ...defaultInvoiceFilters, ...filters });
}

/** The CSV export of every invoice these filters select (all pages). */
export function invoicesExportHref(filters: InvoiceFilters): string {
  return withQuery(`${backOfficeSections.invoices.path}/export`, { ...filters, page: 1 });
}

function withQuery(path: string, filters: InvoiceFilters): string {
  const params = new URLSearchParams();
  if (filters.state !== "all") params.set("state", filters.state);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.page > 1) params.set("page", String(filters.page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
