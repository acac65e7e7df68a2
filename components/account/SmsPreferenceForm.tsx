"use client";

import { useActionState } from "react";
import { CheckboxField } from "@/components/ui/CheckboxField";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import { smsLabels } from "@/lib/orders/sms-labels";
import { updateSmsPreference } from "./actions";

/** Whether the shopper's next orders start with SMS updates on. */
export function SmsPreferenceForm({ on }: { on: boolean }) {
  const [state, action] = useActionState(updateSmsPreference, { ...initialFormState, values: on ? { smsUpdates: "on" } : {} });
  return (
    <form action={action} aria-labelledby="sms-preference-title" className="flex flex-col gap-3">
      <h2 id="sms-preference-title" className="text-lg font-semibold text-stone-900">
        {smsLabels.orderTitle}
      </h2>
      <FormMessage message={state.message} ok={state.ok} />
      <CheckboxField
        key={state.submission}
        name="smsUpdates"
        label={smsLabels.account}
        hint={smsLabels.accountHint}
        defaultChecked={state.values.smsUpdates === "on"}
      />
      <SubmitButton look="secondary" className="self-start" pendingText="Saving…">
        Save
      </SubmitButton>
    </form>
  );
}
