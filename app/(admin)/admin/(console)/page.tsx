import { Dashboard } from "@/components/admin/dashboard/Dashboard";
import { backOfficeSections } from "@/lib/admin/sections";
import { hasAnyRole } from "@/lib/auth/roles";
import { getDb } from "@/lib/server/database";
import { dashboardFigures } from "@/lib/orders/dashboard";
import { requireRole } from "@/lib/server/session";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";

export const generateMetadata = backOfficeMetadata(backOfficeSections.dashboard.label);

export default async function DashboardPage() {
  const user = await requireRole(backOfficeSections.dashboard);
  const figures = await dashboardFigures(await getDb(), new Date());
  return (
    <Dashboard
      figures={figures}
      ordersLinked={hasAnyRole(user.roles, backOfficeSections.orders.roles)}
      stockLinked={hasAnyRole(user.roles, backOfficeSections.products.roles)}
    />
  );
}
