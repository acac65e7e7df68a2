"use client";

import { createContext, use, useActionState, type ReactNode } from "react";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import { retryInvoiceAction } from "./actions";

const RetryContext = createContext<((formData: FormData) => void) | null>(null);

/**
 * The list's 'Retry' answers in one message above it: a retried invoice leaves a list filtered to
 * rejected ones, and the message must not leave with its row.
 */
export function RetryAnswers({ children }: { children: ReactNode }) {
  const [state, action] = useActionState(retryInvoiceAction, initialFormState);
  return (
    <RetryContext value={action}>
      <FormMessage message={state.message} ok={state.ok} />
      {children}
    </RetryContext>
  );
}

/** A rejected invoice's 'Retry' (inside RetryAnswers). */
export function RetryButton({ invoiceId, number }: { invoiceId: number; number: number }) {
  const action = use(RetryContext);
  if (!action) throw new Error("RetryButton is used outside RetryAnswers");
  return (
    <form action={action} aria-label={`Retry invoice ${number}`} className="mt-2">
      <input type="hidden" name="invoiceId" value={invoiceId} />
      <SubmitButton look="secondary" pendingText="Retrying…">
        Retry
      </SubmitButton>
    </form>
  );
}
