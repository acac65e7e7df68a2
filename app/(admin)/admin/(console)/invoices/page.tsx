import { InvoiceList } from "@/components/admin/invoices/InvoiceList";
import { backOfficeSections } from "@/lib/admin/sections";
import { invoiceSeller } from "@/lib/invoices/invoice-view";
import { parseInvoiceFilters, staffInvoicesHref } from "@/lib/invoices/staff-filters";
import { findEtimsSetupProblem, listInvoicesForStaff } from "@/lib/invoices/staff-list";
import { getDb } from "@/lib/server/database";
import { requireRole } from "@/lib/server/session";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";

export const generateMetadata = backOfficeMetadata(backOfficeSections.invoices.label);

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function InvoicesPage({ searchParams }: Props) {
  const filters = parseInvoiceFilters(await searchParams);
  await requireRole(backOfficeSections.invoices, staffInvoicesHref(filters));
  const db = await getDb();
  const [list, setupProblem] = await Promise.all([listInvoicesForStaff(db, filters), findEtimsSetupProblem(db)]);
  return <InvoiceList filters={filters} list={list} setupProblem={setupProblem} shopPin={invoiceSeller().kraPin} />;
}
