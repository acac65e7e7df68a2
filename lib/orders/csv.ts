/**
 * The order list as CSV (RFC 4180: comma-separated, CRLF line ends, fields quoted when they hold a
 * comma, a quote or a line break, quotes doubled). Text a shopper typed is never run as a formula
 * by a spreadsheet: a cell starting with =, +, -, @ (or a tab or carriage return) gets a leading
 * single quote. Framework-free.
 */
import { nairobiTimestamp } from "@/lib/time/nairobi";
import { paymentMethodLabels, paymentStatusLabels } from "./payment-copy";
import type { StaffOrderRow } from "./staff-list";
import { orderStatusLabels } from "./status";

/** The export's columns: a heading and each row's value (text is escaped, numbers are written as they are). */
const columns: { heading: string; value: (row: StaffOrderRow) => string | number }[] = [
  { heading: "Order number", value: (row) => row.number },
  { heading: "Placed (Nairobi time)", value: (row) => nairobiTimestamp(row.createdAt) },
  { heading: "Customer", value: (row) => row.fullName },
  { heading: "Phone", value: (row) => row.phone },
  { heading: "E-mail", value: (row) => row.email },
  { heading: "County", value: (row) => row.county },
  { heading: "Town", value: (row) => row.town },
  { heading: "Total (KSh)", value: (row) => row.total },
  { heading: "Revenue (KSh)", value: (row) => row.revenue },
  { heading: "Payment method", value: (row) => (row.payment ? paymentMethodLabels[row.payment.method] : "") },
  { heading: "Payment status", value: (row) => (row.payment ? paymentStatusLabels[row.payment.status] : "") },
  { heading: "Status", value: (row) => orderStatusLabels[row.status] },
];

/** The whole file: the heading line, then one line per order. */
export function ordersCsv(rows: StaffOrderRow[]): string {
  return ordersCsvHeader() + ordersCsvRows(rows);
}

/** The heading line, CRLF-terminated. */
export function ordersCsvHeader(): string {
  return csvLine(columns.map((column) => column.heading));
}

/** One CRLF-terminated line per order (for streaming a long export batch by batch). */
export function ordersCsvRows(rows: StaffOrderRow[]): string {
  return rows.map((row) => csvLine(columns.map((column) => column.value(row)))).join("");
}

/** One CSV field: text made formula-safe, then quoted when it must be. */
export function csvField(value: string | number): string {
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const csvLine = (values: (string | number)[]) => `${values.map(csvField).join(",")}\r\n`;
