/**
 * The back office's order list filters: untrusted URL parameters parsed once into filters that
 * are always valid, and the URLs that carry them (the list, its CSV export). Framework-free.
 */
import { backOfficeSections } from "@/lib/admin/sections";
import { orderStatuses, type OrderStatus } from "@/lib/db/values";
import { isCalendarDate, type CalendarDate } from "@/lib/time/nairobi";
import { orderStatusLabel, orderStatusLabels } from "./status";
import { clampWholeNumber } from "@/lib/core/whole-number";

export type StatusTab = OrderStatus | "all";

/** The list's tabs, in the order staff work through orders; 'All' last. A tab that also holds pickup orders names both. */
export const statusTabs: { value: StatusTab; label: string }[] = [
  ...orderStatuses.map((status) => ({ value: status, label: statusTabLabel(status) })),
  { value: "all", label: "All" },
];

function statusTabLabel(status: OrderStatus): string {
  const delivery = orderStatusLabels[status];
  const pickup = orderStatusLabel("pickup", status);
  return pickup === delivery ? delivery : `${delivery} or ${pickup.toLowerCase()}`;
}

/** Payment views: orders still waiting for M-Pesa, and orders with money to send back. */
export const paymentViews = [
  { value: "any", label: "Any payment" },
  { value: "awaiting", label: "Awaiting payment" },
  { value: "refund_due", label: "Refund due" },
] as const;
export type PaymentView = (typeof paymentViews)[number]["value"];

/**
 * A list of orders the shop can always show: a known tab, a cleaned search text (an order number,
 * a phone or an e-mail, whole or in part), an optional range of Nairobi calendar days (from ≤ to)
 * and a page from 1.
 */
export type OrderFilters = {
  status: StatusTab;
  payment: PaymentView;
  q: string;
  from: CalendarDate | null;
  to: CalendarDate | null;
  page: number;
};

export const defaultOrderFilters: OrderFilters = { status: "all", payment: "any", q: "", from: null, to: null, page: 1 };

export const maxOrderQueryLength = 100;
export const maxOrderPage = 10_000;

type RawParams = Record<string, string | string[] | undefined>;

/**
 * Turns any URL parameters into valid filters: the first of repeated values, unknown tabs and
 * impossible dates dropped for the defaults, control characters stripped from the search and
 * its length capped, a reversed date range put the right way round, the page clamped to 1…maxOrderPage.
 */
export function parseOrderFilters(params: RawParams | URLSearchParams): OrderFilters {
  const get = (name: string) => (params instanceof URLSearchParams ? (params.get(name) ?? "") : (first(params[name]) ?? ""));
  const status = get("status");
  const payment = get("payment");
  let from: CalendarDate | null = isCalendarDate(get("from")) ? get("from") : null;
  let to: CalendarDate | null = isCalendarDate(get("to")) ? get("to") : null;
  if (from && to && from > to) [from, to] = [to, from];
  return {
    status: statusTabs.some((tab) => tab.value === status) ? (status as StatusTab) : "all",
    payment: paymentViews.find((view) => view.value === payment)?.value ?? "any",
    q: cleanText(get("q")),
    from,
    to,
    page: parsePage(get("page")),
  };
}

/** The order list's URL for these filters, leaving out defaults so links stay short. */
export function staffOrdersHref(filters: Partial<OrderFilters> = {}): string {
  return withQuery(backOfficeSections.orders.path, { ...defaultOrderFilters, ...filters });
}

/** The CSV export of every order these filters select (all pages). */
export function ordersExportHref(filters: OrderFilters): string {
  return withQuery(`${backOfficeSections.orders.path}/export`, { ...filters, page: 1 });
}

/** An order's page in the back office. */
export const staffOrderPath = (number: string) => `${backOfficeSections.orders.path}/${encodeURIComponent(number)}`;

/** An order's printable packing slip. */
export const packingSlipPath = (number: string) => `${staffOrderPath(number)}/packing-slip`;

function withQuery(path: string, filters: OrderFilters): string {
  const params = new URLSearchParams();
  if (filters.status !== "all") params.set("status", filters.status);
  if (filters.payment !== "any") params.set("payment", filters.payment);
  if (filters.q) params.set("q", filters.q);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.page > 1) params.set("page", String(filters.page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function cleanText(value: string): string {
  const printable = value.replace(/[\u0000-\u001f\u007f]/g, " ");
  return Array.from(printable.replace(/\s+/g, " ").trim()).slice(0, maxOrderQueryLength).join("").trim();
}

function parsePage(value: string): number {
  return clampWholeNumber(value.trim(), { min: 1, max: maxOrderPage }, 1);
}
