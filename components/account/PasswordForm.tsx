"use client";

import { useActionState } from "react";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import { useFormRules, type LoadRules } from "@/components/ui/use-form-rules";
import { PASSWORD_PATTERN, passwordRule } from "@/lib/auth/account-rules";
import { changePassword } from "./actions";

// The rules, and zod, load when the shopper first touches the form.
const passwordChangeRules: LoadRules = () => import("@/lib/auth/account-schemas").then((module) => module.validatePasswordChange);

/** Changes the password: the current one first, then the new one twice, under the same rules. */
export function PasswordForm() {
  const [state, action] = useActionState(changePassword, initialFormState);
  const { formProps, errorFor } = useFormRules(passwordChangeRules, state);
  return (
    <form action={action} {...formProps} aria-labelledby="password-title" className="flex flex-col gap-3">
      <h2 id="password-title" className="text-lg font-semibold text-stone-900">
        Change your password
      </h2>
      <FormMessage message={state.message} ok={state.ok} />
      <Field
        name="currentpassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
        pattern={PASSWORD_PATTERN}
        error={errorFor("currentpassword")}
      />
      <Field
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        pattern={PASSWORD_PATTERN}
        hint={passwordRule}
        error={errorFor("password")}
      />
      <Field
        name="confirmpassword"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errorFor("confirmpassword")}
      />
      <SubmitButton>Change password</SubmitButton>
    </form>
  );
}
