"use client";

import { useActionState } from "react";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import { codeCheckMessages } from "@/lib/orders/payment-copy";
import { checkCodeAction } from "./actions";

/** Staff add a payment from their statement by its code (and the order number beside it, if any). */
export function CodeCheckForm() {
  const [state, action] = useActionState(checkCodeAction, initialFormState);
  return (
    <form action={action} aria-labelledby="code-check-title" className="flex max-w-md flex-col gap-3">
      <h2 id="code-check-title" className="text-lg font-semibold text-stone-900">
        {codeCheckMessages.title}
      </h2>
      <p className="text-stone-700">{codeCheckMessages.intro}</p>
      <FormMessage message={state.message} ok={state.ok} />
      <Field
        key={`code-${state.submission}`}
        name="code"
        label="M-Pesa code"
        hint="Like SFH7XK2P9Q."
        autoComplete="off"
        defaultValue={state.values.code}
        error={state.errors.code}
      />
      <Field
        key={`order-${state.submission}`}
        name="orderNumber"
        label="Order number (optional)"
        hint="The account the payer typed, if the statement shows one."
        autoComplete="off"
        required={false}
        defaultValue={state.values.orderNumber}
        error={state.errors.orderNumber}
      />
      <SubmitButton className="self-start" pendingText="Asking M-Pesa…">
        Check with M-Pesa
      </SubmitButton>
    </form>
  );
}
