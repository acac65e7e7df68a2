"use client";

import { useActionState } from "react";
import { requestPasswordReset } from "./actions";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import { useFormRules, type LoadRules } from "@/components/ui/use-form-rules";

// The rules, and zod, load when the shopper first touches the form.
const emailRules: LoadRules = () => import("@/lib/auth/account-schemas").then((module) => module.validateEmailOnly);

export function ForgotPasswordForm() {
  const [state, action] = useActionState(requestPasswordReset, initialFormState);
  const { formProps, errorFor } = useFormRules(emailRules, state);
  return (
    <form action={action} {...formProps} className="flex flex-col gap-3">
      <FormMessage message={state.message} ok={state.ok} />
      <Field
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        defaultValue={state.values.email}
        error={errorFor("email")}
      />
      <SubmitButton>Send reset link</SubmitButton>
    </form>
  );
}
