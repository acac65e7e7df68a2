"use client";

import { useActionState } from "react";
import { CheckboxField } from "@/components/ui/CheckboxField";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import { consentCopy } from "@/lib/winback/consent-copy";
import { updateMarketingConsent } from "./actions";

/** Whether the account's phone and e-mail address get offers and unfinished-order reminders. */
export function MarketingConsentForm({ on }: { on: boolean }) {
  const [state, action] = useActionState(updateMarketingConsent, {
    ...initialFormState,
    values: on ? { marketingConsent: "on" } : {},
  });
  return (
    <form action={action} aria-labelledby="marketing-consent-title" className="flex flex-col gap-3">
      <h2 id="marketing-consent-title" className="text-lg font-semibold text-stone-900">
        {consentCopy.accountTitle}
      </h2>
      <FormMessage message={state.message} ok={state.ok} />
      <CheckboxField
        key={state.submission}
        name="marketingConsent"
        label={consentCopy.account}
        hint={consentCopy.accountHint}
        defaultChecked={state.values.marketingConsent === "on"}
      />
      <SubmitButton look="secondary" className="self-start" pendingText="Saving…">
        Save
      </SubmitButton>
    </form>
  );
}
