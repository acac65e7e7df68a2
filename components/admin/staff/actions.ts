"use server";

import { revalidatePath } from "next/cache";
import { backOfficeSections } from "@/lib/admin/sections";
import { actorOf } from "@/lib/auth/actor";
import { getDb } from "@/lib/server/database";
import { requireRole } from "@/lib/server/session";
import { grantRole, revokeRole } from "@/lib/staff/role-changes";

export type StaffFormState = { ok?: boolean; message?: string };

/** Grants a role by e-mail (admins only); recorded with who did it. */
export async function grantStaffRole(_previous: StaffFormState, formData: FormData): Promise<StaffFormState> {
  const admin = await requireRole(backOfficeSections.staff);
  const email = formData.get("email");
  if (typeof email !== "string" || email.trim() === "") return { message: "Enter the person's e-mail address." };
  const result = await grantRole(await getDb(), { email, role: formData.get("role"), actor: actorOf(admin) });
  if (!result.ok) return { message: result.error };
  revalidatePath(backOfficeSections.staff.path);
  return { ok: true, message: `Role given to ${result.member.email}.` };
}

/** Takes a role away (the pressed button's value: `role email`) and ends that person's sessions. */
export async function revokeStaffRole(_previous: StaffFormState, formData: FormData): Promise<StaffFormState> {
  const admin = await requireRole(backOfficeSections.staff);
  const [role, email] = String(formData.get("revoke") ?? "").split(" ");
  if (!email) return { message: "Choose a role to revoke." };
  const result = await revokeRole(await getDb(), { email, role, actor: actorOf(admin) });
  if (!result.ok) return { message: result.error };
  revalidatePath(backOfficeSections.staff.path);
  return { ok: true, message: `Role taken from ${result.member.email}.` };
}
