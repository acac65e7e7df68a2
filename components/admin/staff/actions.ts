"use server";

import { mailSent } from "@/lib/mail";
import { revalidatePath } from "next/cache";
import { failedAnswer, formAnswer, type FormState } from "@/components/ui/form-state";
import { backOfficeSections } from "@/lib/admin/sections";
import { actorOf } from "@/lib/auth/actor";
import { authBaseURL } from "@/lib/auth/config";
import { getAuth } from "@/lib/server/auth";
import { getDb } from "@/lib/server/database";
import { staffAction } from "@/lib/server/staff-action";
import { parseFormValues } from "@/lib/core/form-schema";
import { grantMessages, staffGrantSchema } from "@/lib/staff/grant-rules";
import { grantRole, revokeRole, staffMessages } from "@/lib/staff/role-changes";

const section = backOfficeSections.staff;

/** `unverified`: the account whose address needs verifying first, to offer its e-mail again. */
export type GrantRoleState = FormState<{ unverified?: string }>;

/** Grants a role by e-mail (admins only); recorded with who did it. An address with no account is invited. */
export const grantStaffRole = staffAction(
  "grantStaffRole",
  section,
  async (admin, previous: GrantRoleState, formData: FormData) => {
    const values = { email: String(formData.get("email") ?? ""), role: String(formData.get("role") ?? "") };
    const parsed = parseFormValues(staffGrantSchema, values);
    if (!parsed.ok) return formAnswer(previous, { errors: parsed.errors, values });
    const result = await grantRole(await getDb(), { ...parsed.data, actor: actorOf(admin), baseURL: authBaseURL() });
    if (!result.ok) return formAnswer(previous, { message: result.error, data: { unverified: result.unverified } });
    revalidatePath(section.path);
    if ("invited" in result)
      return formAnswer(previous, { ok: true, message: staffMessages.invited(result.invited, mailSent()) });
    return formAnswer(previous, { ok: true, message: `Role given to ${result.member.email}.` });
  },
  failedAnswer,
);

/** Sends an account's address-verification e-mail again (admins only), so that a role can follow. */
export const resendVerification = staffAction(
  "resendVerification",
  section,
  async (_admin, previous: FormState, formData: FormData) => {
    const email = formData.get("email");
    if (typeof email !== "string" || email.trim() === "") return formAnswer(previous, { message: grantMessages.email });
    const address = email.trim().toLowerCase();
    await (await getAuth()).api.sendVerificationEmail({ body: { email: address } });
    return formAnswer(previous, { ok: true, message: staffMessages.verificationSent(address) });
  },
  failedAnswer,
);

/** Takes a role away (the pressed button's value: `role email`) and ends that person's sessions. */
export const revokeStaffRole = staffAction(
  "revokeStaffRole",
  section,
  async (admin, previous: FormState, formData: FormData) => {
    const [role, email] = String(formData.get("revoke") ?? "").split(" ");
    if (!email) return formAnswer(previous, { message: "Choose a role to revoke." });
    const result = await revokeRole(await getDb(), { email, role, actor: actorOf(admin) });
    if (!result.ok) return formAnswer(previous, { message: result.error });
    revalidatePath(section.path);
    return formAnswer(previous, { ok: true, message: `Role taken from ${result.member.email}.` });
  },
  failedAnswer,
);
