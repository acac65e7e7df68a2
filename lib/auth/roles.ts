import { staffRoles, type StaffRole } from "@/lib/db/values";

export { staffRoles, type StaffRole };

export const staffRoleLabels: Record<StaffRole, string> = {
  admin: "Admin",
  staff: "Staff",
  marketing: "Marketing",
};

export function isStaffRole(value: unknown): value is StaffRole {
  return staffRoles.includes(value as StaffRole);
}

/** The roles in a user's stored `role` field (comma-separated, as Better Auth's admin plugin keeps them); unknown names are ignored. */
export function parseRoles(stored: string | null | undefined): StaffRole[] {
  return (stored ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(isStaffRole);
}

/** Whether someone holding `held` may do what any of `allowed` may. An admin may do everything. */
export function hasAnyRole(held: readonly StaffRole[], allowed: readonly StaffRole[]): boolean {
  return held.includes("admin") || held.some((role) => allowed.includes(role));
}
