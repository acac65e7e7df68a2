"use client";

import { useActionState } from "react";
import { FieldMessage, controlClass } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import { recordRefundAction } from "./actions";

/** Records an M-Pesa reversal done outside the shop, with its reference. */
export function RecordRefund({ paymentId }: { paymentId: number }) {
  const [state, action, pending] = useActionState(recordRefundAction, initialFormState);
  return (
    <form action={action} className="mt-2 flex max-w-xs flex-col gap-1">
      <FormMessage message={state.message} ok={state.ok} />
      <input type="hidden" name="paymentId" value={paymentId} />
      <label htmlFor={`refund-${paymentId}`} className="text-sm font-medium text-stone-900">
        M-Pesa reference of the refund
      </label>
      <input
        id={`refund-${paymentId}`}
        name="reference"
        required
        autoComplete="off"
        aria-invalid={state.errors.reference ? true : undefined}
        aria-describedby={`refund-${paymentId}-error`}
        className={controlClass}
      />
      <FieldMessage id={`refund-${paymentId}-error`} error={state.errors.reference} />
      <SubmitButton pending={pending} pendingText="Recording…">
        Record refund
      </SubmitButton>
    </form>
  );
}
