"use client";

import { useActionState } from "react";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import { recordRefundAction } from "./actions";

/** Records an M-Pesa reversal done outside the shop, with its reference. */
export function RecordRefund({ paymentId }: { paymentId: number }) {
  const [state, action] = useActionState(recordRefundAction, initialFormState);
  return (
    <form action={action} className="mt-2 flex max-w-xs flex-col gap-1">
      <FormMessage message={state.message} ok={state.ok} />
      <input type="hidden" name="paymentId" value={paymentId} />
      <Field
        id={`refund-${paymentId}`}
        name="reference"
        label="M-Pesa reference of the refund"
        autoComplete="off"
        error={state.errors.reference}
      />
      <SubmitButton pendingText="Recording…">Record refund</SubmitButton>
    </form>
  );
}
