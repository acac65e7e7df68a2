"use client";

import { useActionState } from "react";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import { useFormRules, type LoadRules } from "@/components/ui/use-form-rules";
import { NAME_PATTERN } from "@/lib/auth/account-rules";
import { updateProfile } from "./actions";

// The rules, and zod, load when the shopper first touches the form.
const profileRules: LoadRules = () => import("@/lib/auth/account-schemas").then((module) => module.validateProfile);

type Profile = { firstname: string; lastname: string; phone: string };

/** Edits the shopper's names and phone. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const [state, action] = useActionState(updateProfile, { ...initialFormState, values: profile });
  const { formProps, errorFor } = useFormRules(profileRules, state);
  return (
    <form action={action} {...formProps} aria-labelledby="profile-title" className="flex flex-col gap-3">
      <h2 id="profile-title" className="text-lg font-semibold text-stone-900">
        Edit your details
      </h2>
      <FormMessage message={state.message} ok={state.ok} />
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
        name="phone"
        label="Phone"
        type="tel"
        autoComplete="tel"
        defaultValue={state.values.phone}
        error={errorFor("phone")}
      />
      <SubmitButton>Save details</SubmitButton>
    </form>
  );
}
