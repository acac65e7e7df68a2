"use client";

import { ShopLink } from "@/components/ui/ShopLink";
import { useActionState } from "react";
import { PASSWORD_PATTERN, passwordRule } from "@/lib/auth/account-rules";
import { resetPassword } from "./actions";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import { useFormRules, type LoadRules } from "@/components/ui/use-form-rules";

// The rules, and zod, load when the shopper first touches the form.
const newPasswordRules: LoadRules = () => import("@/lib/auth/account-schemas").then((module) => module.validateNewPassword);

export function ResetPasswordForm({ token }: { token: string }) {
  const [state, action] = useActionState(resetPassword, initialFormState);
  const { formProps, errorFor } = useFormRules(newPasswordRules, state);
  if (state.ok) {
    return (
      <FormMessage message={state.message} ok>
        {" "}
        <ShopLink href="/login" prefetch={false} className="font-semibold underline">
          Log In
        </ShopLink>
      </FormMessage>
    );
  }
  return (
    <form action={action} {...formProps} className="flex flex-col gap-3">
      <FormMessage message={state.message}>
        {" "}
        <ShopLink href="/forgot-password" prefetch={false} className="font-semibold underline">
          Reset password again
        </ShopLink>
      </FormMessage>
      <input type="hidden" name="token" value={token} />
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
