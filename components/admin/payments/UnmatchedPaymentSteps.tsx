"use client";

import { useActionState } from "react";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import { assignPaymentAction, refundPaymentAction } from "./actions";

/** An unmatched payment's two ends: assigned to an order by its number, or refunded by M-Pesa reversal. */
export function UnmatchedPaymentSteps({ paymentId, code }: { paymentId: number; code: string }) {
  const [assigned, assign] = useActionState(assignPaymentAction, initialFormState);
  const [refunded, refund] = useActionState(refundPaymentAction, initialFormState);
  return (
    <div className="flex flex-wrap gap-6">
      <form action={assign} aria-label={`Assign ${code} to an order`} className="flex max-w-xs flex-col gap-2">
        <FormMessage message={assigned.message} ok={assigned.ok} />
        <input type="hidden" name="paymentId" value={paymentId} />
        <Field
          id={`assign-${paymentId}`}
          name="orderNumber"
          label="Order number"
          hint="Like KT-7F3K9QM."
          autoComplete="off"
          error={assigned.errors.orderNumber}
        />
        <SubmitButton pendingText="Assigning…">Assign to order</SubmitButton>
      </form>
      <form action={refund} aria-label={`Record the refund of ${code}`} className="flex max-w-xs flex-col gap-2">
        <FormMessage message={refunded.message} ok={refunded.ok} />
        <input type="hidden" name="paymentId" value={paymentId} />
        <Field
          id={`refund-${paymentId}`}
          name="reference"
          label="M-Pesa reference of the refund"
          autoComplete="off"
          error={refunded.errors.reference}
        />
        <SubmitButton look="secondary" pendingText="Recording…">
          Record refund
        </SubmitButton>
      </form>
    </div>
  );
}
