"use client";

import { useActionState } from "react";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import { retryInvoiceAction } from "./actions";

/** A rejected invoice's 'Retry', answering beside it. */
export function RetryButton({ invoiceId, number }: { invoiceId: number; number: number }) {
  const [state, action] = useActionState(retryInvoiceAction, initialFormState);
  return (
    <form action={action} aria-label={`Retry invoice ${number}`} className="mt-2 flex flex-col items-start gap-2">
      <input type="hidden" name="invoiceId" value={invoiceId} />
      <SubmitButton look="secondary" pendingText="Retrying…">
        Retry
      </SubmitButton>
      <FormMessage message={state.message} ok={state.ok} />
    </form>
  );
}
