"use client";

import { useActionState } from "react";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SelectField } from "@/components/ui/SelectField";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import { refundMethods } from "@/lib/db/values";
import { useFormRules, type LoadRules } from "@/components/ui/use-form-rules";
import { refundMethodLabels } from "@/lib/orders/refund-rules";
import { recordRefundAction } from "./actions";

const methodOptions = refundMethods.map((method) => ({ value: method, label: refundMethodLabels[method] }));

const rules: LoadRules = () => import("@/lib/orders/refund-rules").then((module) => module.refundRecordErrors);

/** Records a refund sent outside the shop: an M-Pesa reversal with its reference, or cash. */
export function RecordRefund({ refundId }: { refundId: number }) {
  const [state, action] = useActionState(recordRefundAction, initialFormState);
  const { formProps, errorFor } = useFormRules(rules, state);
  return (
    <form {...formProps} action={action} className="mt-2 flex max-w-xs flex-col gap-2" aria-label="Record this refund">
      <FormMessage message={state.message} ok={state.ok} />
      <input type="hidden" name="refundId" value={refundId} />
      <SelectField
        id={`refund-method-${refundId}`}
        name="method"
        label="Sent back by"
        options={methodOptions}
        error={errorFor("method")}
      />
      <Field
        id={`refund-${refundId}`}
        name="reference"
        label="M-Pesa reference of the refund"
        hint="Leave empty for cash."
        required={false}
        autoComplete="off"
        error={errorFor("reference")}
      />
      <SubmitButton pendingText="Recording…">Record refund</SubmitButton>
    </form>
  );
}
