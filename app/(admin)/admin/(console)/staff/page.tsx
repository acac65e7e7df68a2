import { GrantRoleForm, StaffTable } from "@/components/admin/staff/StaffRoleForm";
import { backOfficeSections } from "@/lib/admin/sections";
import { staffRoleLabels } from "@/lib/auth/roles";
import { getDb } from "@/lib/server/database";
import { requireRole } from "@/lib/server/session";
import { listRoleChanges, listStaff } from "@/lib/staff/role-changes";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";

export const generateMetadata = backOfficeMetadata(backOfficeSections.staff.label);

const when = new Intl.DateTimeFormat("en-KE", { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Nairobi" });

export default async function StaffPage() {
  await requireRole(backOfficeSections.staff);
  const db = await getDb();
  const [staff, changes] = await Promise.all([listStaff(db), listRoleChanges(db)]);
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold">Staff</h1>
      <section aria-labelledby="grant-title" className="space-y-3">
        <h2 id="grant-title" className="text-lg font-semibold">
          Give someone a role
        </h2>
        <p className="text-stone-700">
          They sign up in the shop first; on their next visit to the back office they set up a second factor.
        </p>
        <GrantRoleForm />
      </section>
      <section aria-labelledby="staff-title" className="space-y-3">
        <h2 id="staff-title" className="text-lg font-semibold">
          Everyone with a role
        </h2>
        <StaffTable staff={staff} />
      </section>
      <section aria-labelledby="changes-title" className="space-y-3">
        <h2 id="changes-title" className="text-lg font-semibold">
          Recent changes
        </h2>
        <ul className="space-y-1 text-sm">
          {changes.map((change) => (
            <li key={change.id}>
              {when.format(change.at)}: {change.actorLabel} {change.action === "grant" ? "gave" : "took"}{" "}
              {staffRoleLabels[change.role]} {change.action === "grant" ? "to" : "from"} {change.targetEmail}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
