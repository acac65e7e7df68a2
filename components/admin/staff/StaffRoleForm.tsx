"use client";

import { useActionState } from "react";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { Field } from "@/components/ui/Field";
import { SelectField } from "@/components/ui/SelectField";
import { initialFormState, startingFormState } from "@/components/ui/form-state";
import { buttonStyles } from "@/components/ui/button-styles";
import { useFormRules, type LoadRules } from "@/components/ui/use-form-rules";
import { staffRoleLabels, staffRoles } from "@/lib/auth/roles";
import type { StaffMember } from "@/lib/staff/role-changes";
import { grantStaffRole, resendVerification, revokeStaffRole } from "./actions";

const rules: LoadRules = () => import("@/lib/staff/grant-rules").then((module) => module.staffGrantErrors);

/** Grant a role by e-mail; an unverified account's message offers to send its verification e-mail again. */
export function GrantRoleForm() {
  const [state, action] = useActionState(grantStaffRole, startingFormState<{ unverified?: string }>());
  const { formProps, errorFor } = useFormRules(rules, state);
  const unverified = state.data?.unverified;
  return (
    <div className="flex max-w-xl flex-col gap-3">
      <FormMessage message={state.message} ok={state.ok} />
      {unverified && <ResendVerificationForm email={unverified} />}
      <form {...formProps} action={action} className="flex flex-col gap-3">
        <Field
          id="grant-email"
          name="email"
          label="E-mail of their shop account"
          type="email"
          autoComplete="off"
          defaultValue={state.values.email}
          error={errorFor("email")}
        />
        <SelectField
          id="grant-role"
          name="role"
          label="Role"
          required
          defaultValue={state.values.role ?? "staff"}
          error={errorFor("role")}
          options={staffRoles.map((role) => ({ value: role, label: staffRoleLabels[role] }))}
        />
        <SubmitButton>Grant role</SubmitButton>
      </form>
    </div>
  );
}

function ResendVerificationForm({ email }: { email: string }) {
  const [state, action] = useActionState(resendVerification, initialFormState);
  return (
    <form action={action} className="flex flex-col gap-2">
      <input type="hidden" name="email" value={email} />
      <SubmitButton>Resend the verification e-mail</SubmitButton>
      <FormMessage message={state.message} ok={state.ok} />
    </form>
  );
}

/** Everyone with a role; each role is a button that revokes it. One form, so its message outlives the row it removed. */
export function StaffTable({ staff }: { staff: StaffMember[] }) {
  const [state, action, pending] = useActionState(revokeStaffRole, initialFormState);
  return (
    <form action={action} className="space-y-3">
      <FormMessage message={state.message} ok={state.ok} />
      <table className="w-full max-w-3xl text-left text-sm">
        <caption className="sr-only">Everyone with a role</caption>
        <thead>
          <tr className="border-b border-stone-300">
            <th scope="col" className="py-2 pr-4">
              E-mail
            </th>
            <th scope="col" className="py-2 pr-4">
              Second factor
            </th>
            <th scope="col" className="py-2">
              Roles (select one to revoke it)
            </th>
          </tr>
        </thead>
        <tbody>
          {staff.map((member) => (
            <tr key={member.id} className="border-b border-stone-200 align-top">
              <td className="break-all py-2 pr-4">{member.email}</td>
              <td className="py-2 pr-4">{member.twoFactorEnabled ? "On" : "Not set up yet"}</td>
              <td className="flex flex-wrap gap-2 py-2">
                {member.roles.map((role) => (
                  <button
                    key={role}
                    type="submit"
                    name="revoke"
                    value={`${role} ${member.email}`}
                    disabled={pending}
                    aria-label={`Revoke ${staffRoleLabels[role]} from ${member.email}`}
                    className={buttonStyles.secondary}
                  >
                    {staffRoleLabels[role]} ✕
                  </button>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </form>
  );
}
