"use server";

import { revalidatePath } from "next/cache";
import { backOfficeSections } from "@/lib/admin/sections";
import { actorOf } from "@/lib/auth/actor";
import { authBaseURL } from "@/lib/auth/config";
import { getDb } from "@/lib/db";
import { getAuth } from "@/lib/server/auth";
import { requireRole } from "@/lib/server/session";
import { grantRole, revokeRole, staffMessages } from "@/lib/staff/staff";

/** `unverified`: the account whose address needs verifying first, to offer its e-mail again. */
export type StaffFormState = { ok?: boolean; message?: string; unverified?: string };

/** Grants a role by e-mail (admins only); recorded with who did it. An address with no account is invited. */
export async function grantStaffRole(_previous: StaffFormState, formData: FormData): Promise<StaffFormState> {
  const admin = await requireRole(backOfficeSections.staff);
  const email = formData.get("email");
  if (typeof email !== "string" || email.trim() === "") return { message: "Enter the person's e-mail address." };
  const result = await grantRole(await getDb(), {
    email,
    role: formData.get("role"),
    actor: actorOf(admin),
    baseURL: authBaseURL(),
  });
  if (!result.ok) return { message: result.error, unverified: result.unverified };
  revalidatePath(backOfficeSections.staff.path);
  if ("invited" in result) return { ok: true, message: staffMessages.invited(result.invited) };
  return { ok: true, message: `Role given to ${result.member.email}.` };
}

/** Sends an account's address-verification e-mail again (admins only), so that a role can follow. */
export async function resendVerification(_previous: StaffFormState, formData: FormData): Promise<StaffFormState> {
  await requireRole(backOfficeSections.staff);
  const email = formData.get("email");
  if (typeof email !== "string" || email.trim() === "") return { message: "Enter the person's e-mail address." };
  await (await getAuth()).api.sendVerificationEmail({ body: { email: email.trim().toLowerCase() } });
  return { ok: true, message: staffMessages.verificationSent(email.trim().toLowerCase()) };
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
