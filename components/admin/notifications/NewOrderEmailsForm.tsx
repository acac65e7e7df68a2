"use client";

import { useActionState } from "react";
import { ChoiceGroup } from "@/components/ui/ChoiceGroup";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import { saveNewOrderEmails } from "./actions";

/** The member's choice of an e-mail for every new order, on top of the bell. */
export function NewOrderEmailsForm({ wanted }: { wanted: boolean }) {
  const [state, action] = useActionState(saveNewOrderEmails, initialFormState);
  return (
    <form action={action} className="flex max-w-xl flex-col gap-3">
      <FormMessage message={state.message} ok={state.ok} />
      <ChoiceGroup
        name="newOrderEmails"
        legend="E-mails"
        type="checkbox"
        choices={[{ value: "on", label: "E-mail me about every new order" }]}
        checked={wanted ? ["on"] : []}
      />
      <SubmitButton>Save</SubmitButton>
    </form>
  );
}
