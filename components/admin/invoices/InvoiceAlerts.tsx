import Link from "next/link";
import { linkClass } from "@/components/admin/styles";
import type { InvoiceAlerts as Alerts } from "@/lib/invoices/staff-list";
import { staffInvoicesHref } from "@/lib/invoices/staff-filters";
import { SetupBanner } from "@/components/admin/SetupBanner";
import { receiptsOnlyWarning } from "@/lib/invoices/labels";
import { EtimsSetupBanner } from "./EtimsSetupBanner";

/**
 * The dashboard's invoice warnings: that the shop issues receipts while it has no KRA PIN, then
 * invoices eTIMS rejected and invoices waiting over an hour, each linking to the list of them. While
 * eTIMS is not set up, only that (once there are invoices).
 */
export function InvoiceAlerts({ alerts }: { alerts: Alerts }) {
  return (
    <>
      {alerts.receiptsOnly && <SetupBanner testId="receipts-only">{receiptsOnlyWarning}</SetupBanner>}
      <ReportAlerts alerts={alerts} />
    </>
  );
}

function ReportAlerts({ alerts }: { alerts: Alerts }) {
  if (alerts.setupProblem) return alerts.anyInvoices ? <EtimsSetupBanner problem={alerts.setupProblem} /> : null;
  const warnings = [
    {
      count: alerts.rejected,
      text: (n: number) => (n === 1 ? "1 invoice is rejected by eTIMS" : `${n} invoices are rejected by eTIMS`),
      href: staffInvoicesHref({ state: "rejected" }),
      testId: "invoices-rejected",
    },
    {
      count: alerts.overdue,
      text: (n: number) =>
        n === 1 ? "1 invoice has waited over an hour for KRA" : `${n} invoices have waited over an hour for KRA`,
      href: staffInvoicesHref({ state: "overdue" }),
      testId: "invoices-overdue",
    },
  ].filter((warning) => warning.count > 0);
  if (warnings.length === 0) return null;
  return (
    <ul aria-label="Invoice warnings" className="flex flex-col gap-2">
      {warnings.map((warning) => (
        <li
          key={warning.testId}
          data-testid={warning.testId}
          className="rounded-md bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200"
        >
          {warning.text(warning.count)}.{" "}
          <Link href={warning.href} className={linkClass}>
            See the invoices
          </Link>
        </li>
      ))}
    </ul>
  );
}
