import { backOfficeSections } from "@/lib/admin/sections";
import { requireRole } from "@/lib/server/session";

export default async function DashboardPage() {
  await requireRole(backOfficeSections.dashboard);
  return <h1 className="text-2xl font-bold">Dashboard</h1>;
}
