"use client";

import { useActionState } from "react";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import { useFormRules, type LoadRules } from "@/components/ui/use-form-rules";
import { invoiceLabels } from "@/lib/invoices/labels";
import { changeBuyerPinAction } from "./actions";

const rules: LoadRules = () => import("@/lib/tax/kra-pin").then((module) => module.validateBuyerPinForm);

/** Adds or corrects the buyer's KRA PIN (empty removes it), checked by the checkout's rule. */
export function BuyerPinForm({ number, buyerPin }: { number: string; buyerPin: string | null }) {
  const [state, action] = useActionState(changeBuyerPinAction, initialFormState);
  const { formProps, errorFor } = useFormRules(rules, state);
  return (
    <form {...formProps} action={action} className="flex max-w-xs flex-col gap-2" aria-label="Buyer's KRA PIN">
      <FormMessage message={state.message} ok={state.ok} />
      <input type="hidden" name="number" value={number} />
      <Field
        key={state.submission}
        name="buyerPin"
        label={invoiceLabels.buyerPin}
        hint="Printed on the tax invoice. Leave empty for none."
        required={false}
        maxLength={20}
        autoComplete="off"
        spellCheck={false}
        // A refusal puts back what was typed; otherwise the PIN as stored now.
        defaultValue={state.ok === false ? state.values.buyerPin : (buyerPin ?? "")}
        error={errorFor("buyerPin")}
      />
      <SubmitButton pendingText="Saving…">Save PIN</SubmitButton>
    </form>
  );
}
