"use client";

import { useActionState } from "react";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import { verifySignInCode } from "./actions";
import { useReturnTo } from "./use-return-to";

/** The sign-in's second step for staff: the authenticator's code, or a backup code. */
export function TwoFactorForm() {
  const [state, action] = useActionState(verifySignInCode, initialFormState);
  const returnTo = useReturnTo();
  return (
    <form action={action} className="flex flex-col gap-3">
      <FormMessage message={state.message} ok={state.ok} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <Field
        name="code"
        label="Code from your authenticator app"
        inputMode="text"
        autoComplete="one-time-code"
        autoFocus
        error={state.errors.code}
      />
      <p className="text-sm text-stone-700">Lost your phone? Enter one of your backup codes instead.</p>
      <SubmitButton>Verify</SubmitButton>
    </form>
  );
}
