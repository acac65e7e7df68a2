"use client";

import { useActionState } from "react";
import { controlClass } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { buttonStyles } from "@/components/ui/button-styles";
import { payOnDeliveryInstead, retryMpesaPayment } from "./actions";

/** 'Try again': a new PIN prompt, to the same phone or another. */
export function RetryMpesa({ number, phone }: { number: string; phone: string }) {
  const [state, action, pending] = useActionState(retryMpesaPayment, {});
  return (
    <form action={action} className="flex flex-col gap-2 sm:max-w-sm">
      <FormMessage message={state.message} />
      <input type="hidden" name="number" value={number} />
      <label htmlFor="retry-phone" className="text-sm font-medium text-stone-900">
        M-Pesa phone number
      </label>
      <input
        id="retry-phone"
        name="mpesaPhone"
        type="tel"
        autoComplete="tel"
        required
        defaultValue={phone}
        className={controlClass}
      />
      <SubmitButton pending={pending} pendingText="Sending…">
        Try again
      </SubmitButton>
    </form>
  );
}

/** 'Pay on delivery instead'. */
export function PayOnDeliveryInstead({ number }: { number: string }) {
  const [state, action, pending] = useActionState(payOnDeliveryInstead, {});
  return (
    <form action={action} className="flex flex-col gap-2 sm:max-w-sm">
      <FormMessage message={state.message} />
      <input type="hidden" name="number" value={number} />
      <button type="submit" disabled={pending} className={buttonStyles.secondary}>
        Pay on delivery instead
      </button>
    </form>
  );
}
