"use client";

import { useActionState } from "react";
import { validateEmailOnly } from "@/lib/auth/account-rules";
import { requestPasswordReset } from "./actions";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import { useFormRules } from "@/components/ui/use-form-rules";

export function ForgotPasswordForm() {
  const [state, action] = useActionState(requestPasswordReset, initialFormState);
  const { formProps, errorFor } = useFormRules((values) => validateEmailOnly({ email: values.email ?? "" }), state);
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
