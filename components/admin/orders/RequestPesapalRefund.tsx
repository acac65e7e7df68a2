"use client";

import { useActionState } from "react";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import { requestPesapalRefundAction } from "./actions";

/** Asks Pesapal to send a due refund back the way the order was paid (cards in part, mobile money in full). */
export function RequestPesapalRefund({ refundId }: { refundId: number }) {
  const [state, action] = useActionState(requestPesapalRefundAction, initialFormState);
  return (
    <form action={action} className="mt-2 flex max-w-xs flex-col gap-2" aria-label="Refund through Pesapal">
      <FormMessage message={state.message} ok={state.ok} />
      <input type="hidden" name="refundId" value={refundId} />
      <SubmitButton pendingText="Asking Pesapal…">Refund through Pesapal</SubmitButton>
    </form>
  );
}
