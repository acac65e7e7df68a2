"use client";

import { useActionState } from "react";
import { CheckboxField } from "@/components/ui/CheckboxField";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState, type FormState } from "@/components/ui/form-state";

type Props = {
  /** The server action that saves the choice (components/account/actions.ts). */
  save: (previous: FormState, formData: FormData) => Promise<FormState>;
  /** The checkbox's field name, which the action reads. */
  name: string;
  title: string;
  label: string;
  hint: string;
  on: boolean;
};

/** One yes-or-no choice of the account (texts about orders, offers and reminders), with its Save. */
export function PreferenceForm({ save, name, title, label, hint, on }: Props) {
  const [state, action] = useActionState(save, { ...initialFormState, values: on ? { [name]: "on" } : {} });
  const titleId = `${name}-title`;
  return (
    <form action={action} aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      <FormMessage message={state.message} ok={state.ok} />
      <CheckboxField key={state.submission} name={name} label={label} hint={hint} defaultChecked={state.values[name] === "on"} />
      <SubmitButton look="secondary" className="self-start" pendingText="Saving…">
        Save
      </SubmitButton>
    </form>
  );
}
