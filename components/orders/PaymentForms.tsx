"use client";

import { useActionState } from "react";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import { payOnDeliveryInstead, retryMpesaPayment } from "./actions";

/** 'Try again': a new PIN prompt, to the same phone or another. */
export function RetryMpesa({ number, phone }: { number: string; phone: string }) {
  const [state, action] = useActionState(retryMpesaPayment, initialFormState);
  return (
    <form action={action} className="flex flex-col gap-2 sm:max-w-sm">
      <FormMessage message={state.message} />
      <input type="hidden" name="number" value={number} />
      <Field id="retry-phone" name="mpesaPhone" label="M-Pesa phone number" type="tel" autoComplete="tel" defaultValue={phone} />
      <SubmitButton pendingText="Sending…">Try again</SubmitButton>
    </form>
  );
}

/** 'Pay on delivery instead'. */
export function PayOnDeliveryInstead({ number }: { number: string }) {
  const [state, action] = useActionState(payOnDeliveryInstead, initialFormState);
  return (
    <form action={action} className="flex flex-col gap-2 sm:max-w-sm">
      <FormMessage message={state.message} />
      <input type="hidden" name="number" value={number} />
      <SubmitButton look="secondary" pendingText="Pay on delivery instead">
        Pay on delivery instead
      </SubmitButton>
    </form>
  );
}
