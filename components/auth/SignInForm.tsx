"use client";

import { ShopLink } from "@/components/ui/ShopLink";
import { useActionState, useEffect } from "react";
import { refreshViewer } from "@/components/layout/use-viewer";
import { PASSWORD_PATTERN } from "@/lib/auth/account-rules";
import { signIn } from "./actions";
import { AuthPrompt } from "./AuthPrompt";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import { useFormRules, type LoadRules } from "@/components/ui/use-form-rules";
import { useReturnTo } from "./use-return-to";

// The rules, and zod, load when the shopper first touches the form.
const signInRules: LoadRules = () => import("@/lib/auth/account-schemas").then((module) => module.validateSignIn);

export function SignInForm() {
  const [state, action] = useActionState(signIn, initialFormState);
  const { formProps, errorFor } = useFormRules(signInRules, state);
  const returnTo = useReturnTo();
  // Leaving the page (after signing in) updates the header's account menu.
  useEffect(() => () => void refreshViewer(), []);

  return (
    <form action={action} {...formProps} className="flex flex-col gap-3">
      <FormMessage message={state.message} ok={state.ok} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <Field
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        defaultValue={state.values.email}
        error={errorFor("email")}
      />
      <Field
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        pattern={PASSWORD_PATTERN}
        error={errorFor("password")}
      />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <label className="inline-flex items-center gap-2 text-stone-900">
          <input type="checkbox" name="rememberMe" className="h-4 w-4 accent-green-900" />
          Remember Me
        </label>
        <ShopLink href="/forgot-password" prefetch={false} className="font-medium text-green-900 underline">
          Forgot Password?
        </ShopLink>
      </div>
      <SubmitButton />
      <AuthPrompt question="New here?" href="/register" action="Create Account" />
    </form>
  );
}
