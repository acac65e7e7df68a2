"use client";

import { useActionState } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/FormMessage";
import { TextAreaField } from "@/components/ui/TextAreaField";
import { initialFormState } from "@/components/ui/form-state";
import type { ReturnStatus } from "@/lib/db/values";
import { DECLINE_REASON_MAX_LENGTH, nextReturnSteps, returnStepLabels } from "@/lib/returns/rules";
import { returnStepAction } from "./actions";

/** The steps a return's status allows, one form each, answering in one message above them. */
export function ReturnSteps({ returnId, status }: { returnId: number; status: ReturnStatus }) {
  const [state, action, pending] = useActionState(returnStepAction, initialFormState);
  const steps = nextReturnSteps[status];
  const hidden = (step: string) => (
    <>
      <input type="hidden" name="returnId" value={returnId} />
      <input type="hidden" name="step" value={step} />
    </>
  );
  return (
    <div className="flex flex-col gap-3">
      <FormMessage message={state.message} ok={state.ok} />
      <div className="flex flex-wrap gap-2">
        {steps
          .filter((step) => step !== "decline")
          .map((step) => (
            <form key={step} action={action}>
              {hidden(step)}
              <button type="submit" disabled={pending} className={buttonStyles.primary}>
                {returnStepLabels[step]}
              </button>
            </form>
          ))}
      </div>
      {steps.includes("decline") && (
        <form action={action} aria-label={`Decline return ${returnId}`} className="flex max-w-xl flex-col gap-2">
          {hidden("decline")}
          <TextAreaField
            id={`decline-reason-${returnId}`}
            name="reason"
            label="Why it is declined (the shopper reads this)"
            maxLength={DECLINE_REASON_MAX_LENGTH}
            required
            rows={2}
          />
          <button type="submit" disabled={pending} className={`self-start ${buttonStyles.secondary}`}>
            {returnStepLabels.decline}
          </button>
        </form>
      )}
    </div>
  );
}
