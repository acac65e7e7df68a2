"use client";

import { ShopLink } from "@/components/ui/ShopLink";
import { useActionState, useEffect } from "react";
import { refreshViewer } from "@/components/layout/use-viewer";
import { NAME_PATTERN, PASSWORD_PATTERN, passwordRule, setupButton } from "@/lib/auth/account-rules";
import { signUp } from "./actions";
import { AuthPrompt } from "./AuthPrompt";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import { useFormRules, type LoadRules } from "@/components/ui/use-form-rules";
import { useInvitation, useReturnTo } from "./use-return-to";

// The rules, and zod, load when the shopper first touches the form.
const signUpRules: LoadRules = () => import("@/lib/auth/account-schemas").then((module) => module.validateSignUp);

/** `setupToken`: the first admin's setup link's token (app/(shop)/setup), which makes this account the admin. */
export function SignUpForm({ setupToken }: { setupToken?: string }) {
  const [state, action] = useActionState(signUp, initialFormState);
  const { formProps, errorFor } = useFormRules(signUpRules, state);
  const returnTo = useReturnTo();
  const invitation = useInvitation();
  // Leaving the page (after signing up) updates the header's account menu.
  useEffect(() => () => void refreshViewer(), []);
  const signInLink = (
    <>
      {" "}
      <ShopLink href="/login" prefetch={false} className="font-semibold underline">
        Sign in
      </ShopLink>
    </>
  );

  return (
    <form action={action} {...formProps} className="flex flex-col gap-3">
      <FormMessage message={state.message} ok={state.ok} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <input type="hidden" name="invitation" value={invitation} />
      {setupToken && <input type="hidden" name="setup" value={setupToken} />}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          name="firstname"
          label="First name"
          autoComplete="given-name"
          pattern={NAME_PATTERN}
          defaultValue={state.values.firstname}
          error={errorFor("firstname")}
        />
        <Field
          name="lastname"
          label="Last name"
          autoComplete="family-name"
          pattern={NAME_PATTERN}
          defaultValue={state.values.lastname}
          error={errorFor("lastname")}
        />
      </div>
      <Field
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        defaultValue={state.values.email}
        error={errorFor("email")}
        errorExtra={state.data?.emailTaken && errorFor("email") === state.errors.email ? signInLink : null}
      />
      <Field
        name="phone"
        label="Phone"
        type="tel"
        autoComplete="tel"
        defaultValue={state.values.phone}
        error={errorFor("phone")}
      />
      <Field
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        pattern={PASSWORD_PATTERN}
        hint={setupToken && passwordRule}
        error={errorFor("password")}
      />
      <Field
        name="confirmpassword"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errorFor("confirmpassword")}
      />
      {setupToken ? <SubmitButton pendingText="Creating…">{setupButton}</SubmitButton> : <SubmitButton />}
      <AuthPrompt question="Already have an Account?" href="/login" action="Log In" />
    </form>
  );
}
