"use client";

import { useActionState } from "react";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import { orderLinkParam } from "@/lib/orders/status";
import { pesapalMessages } from "@/lib/orders/payment-copy";
import { payOnDeliveryInstead, retryMpesaPayment, retryPesapalPayment } from "./actions";

/** 'Try again': a new PIN prompt, to the same phone or another. */
export function RetryMpesa({ number, linkKey, phone }: OrderRef & { phone: string }) {
  const [state, action] = useActionState(retryMpesaPayment, initialFormState);
  return (
    <form action={action} className="flex flex-col gap-2 sm:max-w-sm">
      <FormMessage message={state.message} />
      <OrderFields number={number} linkKey={linkKey} />
      <Field id="retry-phone" name="mpesaPhone" label="M-Pesa phone number" type="tel" autoComplete="tel" defaultValue={phone} />
      <SubmitButton pendingText="Sending…">Try again</SubmitButton>
    </form>
  );
}

/** 'Try again' on Pesapal's page, with a card or Airtel Money. */
export function RetryPesapal({ number, linkKey }: OrderRef) {
  const [state, action] = useActionState(retryPesapalPayment, initialFormState);
  return (
    <form action={action} className="flex flex-col gap-2 sm:max-w-sm">
      <FormMessage message={state.message} />
      <OrderFields number={number} linkKey={linkKey} />
      <SubmitButton pendingText="Opening Pesapal…">{pesapalMessages.tryAgain}</SubmitButton>
    </form>
  );
}

/** 'Pay on delivery instead'. */
export function PayOnDeliveryInstead({ number, linkKey }: OrderRef) {
  const [state, action] = useActionState(payOnDeliveryInstead, initialFormState);
  return (
    <form action={action} className="flex flex-col gap-2 sm:max-w-sm">
      <FormMessage message={state.message} />
      <OrderFields number={number} linkKey={linkKey} />
      <SubmitButton look="secondary" pendingText="Pay on delivery instead">
        Pay on delivery instead
      </SubmitButton>
    </form>
  );
}

/** The order's number, and its link's key when the page was opened by its link. */
type OrderRef = { number: string; linkKey?: string };

function OrderFields({ number, linkKey }: OrderRef) {
  return (
    <>
      <input type="hidden" name="number" value={number} />
      {linkKey && <input type="hidden" name={orderLinkParam} value={linkKey} />}
    </>
  );
}
