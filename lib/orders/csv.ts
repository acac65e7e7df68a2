/** The order list as CSV (lib/core/csv.ts: formula-safe fields). Framework-free. */
import { csvLine } from "@/lib/core/csv";
import { nairobiTimestamp } from "@/lib/time/nairobi";
import { paymentMethodLabels, paymentStatusLabels } from "./payment-copy";
import type { StaffOrderRow } from "./staff-list";
import { orderStatusLabel } from "./status";

/** The export's columns: a heading and each row's value (text is escaped, numbers are written as they are). */
const columns: { heading: string; value: (row: StaffOrderRow) => string | number }[] = [
  { heading: "Order number", value: (row) => row.number },
  { heading: "Placed (Nairobi time)", value: (row) => nairobiTimestamp(row.createdAt) },
  { heading: "Customer", value: (row) => row.fullName },
  { heading: "Phone", value: (row) => row.phone },
  { heading: "E-mail", value: (row) => row.email },
  { heading: "County", value: (row) => row.county },
  { heading: "Town", value: (row) => row.town },
  { heading: "Pickup point", value: (row) => row.pickupName ?? "" },
  { heading: "Courier", value: (row) => row.courier },
  { heading: "Waybill", value: (row) => row.waybill },
  { heading: "Collect at", value: (row) => row.office || row.collectAt },
  { heading: "Subtotal (KSh)", value: (row) => row.subtotal },
  { heading: "Discount (KSh)", value: (row) => row.discount },
  { heading: "Discount code", value: (row) => row.discountCode ?? "" },
  { heading: "Delivery (KSh)", value: (row) => row.deliveryFee },
  { heading: "Total (KSh)", value: (row) => row.total },
  { heading: "Revenue (KSh)", value: (row) => row.revenue },
  { heading: "Payment method", value: (row) => (row.payment ? paymentMethodLabels[row.payment.method] : "") },
  { heading: "Payment status", value: (row) => (row.payment ? paymentStatusLabels[row.payment.status] : "") },
  { heading: "Status", value: (row) => orderStatusLabel(row.fulfilment, row.status) },
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
