import { Dashboard } from "@/components/admin/dashboard/Dashboard";
import { backOfficeSections } from "@/lib/admin/sections";
import { hasAnyRole } from "@/lib/auth/roles";
import { getDb } from "@/lib/server/database";
import { invoiceAlerts } from "@/lib/invoices/staff-list";
import { mailLoggedWarning, mailSent } from "@/lib/mail";
import { dashboardFigures, parseChartRange } from "@/lib/orders/dashboard";
import { requireRole } from "@/lib/server/session";
import { countConsents } from "@/lib/winback/consents";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";

export const generateMetadata = backOfficeMetadata(backOfficeSections.dashboard.label);

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function DashboardPage({ searchParams }: Props) {
  const user = await requireRole(backOfficeSections.dashboard);
  const range = parseChartRange((await searchParams).days);
  const db = await getDb();
  const now = new Date();
  // Invoice warnings only for those who can open the invoices and act on them.
  const invoicesLinked = hasAnyRole(user.roles, backOfficeSections.invoices.roles);
  const [figures, invoices, consents] = await Promise.all([
    dashboardFigures(db, now, range),
    invoicesLinked ? invoiceAlerts(db, now) : null,
    countConsents(db),
  ]);
  return (
    <Dashboard
      figures={figures}
      consents={consents}
      invoiceAlerts={invoices}
      setupWarning={mailSent() ? null : mailLoggedWarning}
      range={range}
      ordersLinked={hasAnyRole(user.roles, backOfficeSections.orders.roles)}
      stockLinked={hasAnyRole(user.roles, backOfficeSections.products.roles)}
    />
  );
}
