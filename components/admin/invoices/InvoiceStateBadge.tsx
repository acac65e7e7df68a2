import { Badge } from "@/components/admin/Badge";
import type { InvoiceReportState } from "@/lib/db/values";
import { invoiceStateLabels } from "@/lib/invoices/labels";

const tones: Record<InvoiceReportState, string> = {
  pending: "bg-amber-50 text-amber-900 ring-amber-200",
  reported: "bg-green-50 text-green-900 ring-green-200",
  rejected: "bg-red-50 text-red-900 ring-red-200",
};

/** An invoice's state at KRA as a small label. */
export function InvoiceStateBadge({ state }: { state: InvoiceReportState }) {
  return (
    <Badge tone={tones[state]} testId="invoice-state">
      {invoiceStateLabels[state]}
    </Badge>
  );
}
