import Link from "next/link";
import { Pagination } from "@/components/admin/Pagination";
import { TableHead } from "@/components/admin/TableHead";
import { cellClass, linkClass, tableClass } from "@/components/admin/styles";
import { Field } from "@/components/ui/Field";
import { SelectField } from "@/components/ui/SelectField";
import { buttonStyles } from "@/components/ui/button-styles";
import { creditedDocumentLabel, invoiceHeading, type EtimsSetupProblem } from "@/lib/invoices/labels";
import { formatCents } from "@/lib/tax/money";
import { invoiceStateViews, invoicesExportHref, staffInvoicesHref, type InvoiceFilters } from "@/lib/invoices/staff-filters";
import type { StaffInvoiceList, StaffInvoiceRow } from "@/lib/invoices/staff-list";
import { staffOrderPath } from "@/lib/orders/staff-filters";
import { formatNairobiDateTime } from "@/lib/time/nairobi";
import { EtimsSetupBanner } from "./EtimsSetupBanner";
import { InvoiceStateBadge } from "./InvoiceStateBadge";
import { RetryAnswers, RetryButton } from "./RetryButton";

const columns = ["Invoice", "Kind", "Date", "Order", "Buyer PIN", "Taxable", "VAT", "Total", "State", "CU invoice number"];

/** The back office's invoices and credit notes: the set-up banner, the filters, the table and its pages, and the CSV export. */
export function InvoiceList({
  filters,
  list,
  setupProblem,
  shopPin,
}: {
  filters: InvoiceFilters;
  list: StaffInvoiceList;
  setupProblem: EtimsSetupProblem | null;
  /** The shop's KRA PIN: without it a sale is a 'Receipt', as its page says. */
  shopPin: string | null;
}) {
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Invoices</h1>
        {/* A plain link: the route answers with a file to download, which client navigation must not fetch. */}
        <a href={invoicesExportHref(filters)} download className={buttonStyles.secondary}>
          Export CSV
        </a>
      </div>
      {setupProblem && <EtimsSetupBanner problem={setupProblem} />}
      <FilterForm filters={filters} />
      <p className="text-sm text-stone-700" data-testid="invoice-count">
        {list.total === 1 ? "1 invoice" : `${list.total.toLocaleString("en-KE")} invoices`}
        {list.pageCount > 1 && `, page ${list.page} of ${list.pageCount}`}
      </p>
      <RetryAnswers>
        <InvoiceTable rows={list.rows} shopPin={shopPin} />
      </RetryAnswers>
      <Pagination
        label="Pages of invoices"
        page={list.page}
        pageCount={list.pageCount}
        href={(page) => staffInvoicesHref({ ...filters, page })}
      />
    </div>
  );
}

/** A GET form, so every filter is a URL staff can share or bookmark; the page starts over. */
function FilterForm({ filters }: { filters: InvoiceFilters }) {
  const filtered = filters.state !== "all" || filters.from !== null || filters.to !== null;
  return (
    <form
      role="search"
      aria-label="Filter invoices"
      method="get"
      action={staffInvoicesHref()}
      className="flex flex-wrap items-start gap-3"
    >
      <SelectField id="invoice-state" name="state" label="State" options={invoiceStateViews} defaultValue={filters.state} />
      <Field id="invoice-from" name="from" type="date" label="Issued from" required={false} defaultValue={filters.from ?? ""} />
      <Field id="invoice-to" name="to" type="date" label="Issued until" required={false} defaultValue={filters.to ?? ""} />
      <button type="submit" className={`mt-6 ${buttonStyles.primary}`}>
        Filter
      </button>
      {filtered && (
        <Link href={staffInvoicesHref()} className={`${linkClass} mt-6 py-2.5`}>
          Clear filters
        </Link>
      )}
      <p className="w-full text-sm text-stone-700">Dates are days in Nairobi time.</p>
    </form>
  );
}

function InvoiceTable({ rows, shopPin }: { rows: StaffInvoiceRow[]; shopPin: string | null }) {
  return (
    <div className="overflow-x-auto rounded-xl bg-white px-4 shadow-sm ring-1 ring-stone-200">
      <table className={tableClass}>
        <caption className="sr-only">Invoices and credit notes, newest first</caption>
        <TableHead columns={columns} right={["Taxable", "VAT", "Total"]} />
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns.length} className="py-6 text-center text-stone-700">
                No invoices match.
              </td>
            </tr>
          )}
          {rows.map((invoice) => (
            <tr key={invoice.id} data-testid="invoice-row" data-number={invoice.number}>
              <th scope="row" className={`${cellClass} whitespace-nowrap font-medium`}>
                {invoice.number}
              </th>
              <td className={cellClass}>
                {invoiceHeading(invoice.kind, shopPin)}
                {invoice.creditsNumber !== null && (
                  <span className="block text-stone-700">
                    {creditedDocumentLabel(shopPin)} {invoice.creditsNumber}
                  </span>
                )}
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatNairobiDateTime(invoice.issuedAt)}</td>
              <td className={`${cellClass} whitespace-nowrap`}>
                <Link href={staffOrderPath(invoice.orderNumber)} className={linkClass}>
                  {invoice.orderNumber}
                </Link>
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>{invoice.buyerPin ?? "None"}</td>
              <td className={`${cellClass} whitespace-nowrap text-right`}>{formatCents(invoice.taxableCents)}</td>
              <td className={`${cellClass} whitespace-nowrap text-right`}>{formatCents(invoice.vatCents)}</td>
              <td className={`${cellClass} whitespace-nowrap text-right`}>{formatCents(invoice.totalCents)}</td>
              <td className={cellClass}>
                <InvoiceStateBadge state={invoice.state} />
                {invoice.state === "rejected" && (
                  <>
                    <p className="mt-1 max-w-xs break-words text-red-900" data-testid="invoice-rejection">
                      eTIMS {invoice.rejectionCode}: {invoice.rejectionMessage}
                    </p>
                    <RetryButton invoiceId={invoice.id} number={invoice.number} />
                  </>
                )}
              </td>
              <td className={`${cellClass} whitespace-nowrap`} data-testid="invoice-cu-number">
                {invoice.cuInvoiceNumber ?? ""}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
