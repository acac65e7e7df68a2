"use client";

import { useActionState } from "react";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { startingFormState } from "@/components/ui/form-state";
import { useFormRules, type LoadRules } from "@/components/ui/use-form-rules";
import { THRESHOLD_MAX } from "@/lib/checkout/pickup-point-rules";
import { setFreeDeliveryThresholdAction } from "./actions";

const rules: LoadRules = () => import("@/lib/checkout/pickup-point-rules").then((module) => module.thresholdErrors);

/** The free-delivery threshold: empty for none. */
export function FreeDeliveryForm({ threshold }: { threshold: number | null }) {
  const [state, action] = useActionState(
    setFreeDeliveryThresholdAction,
    startingFormState({ threshold: threshold === null ? "" : String(threshold) }),
  );
  const { formProps, errorFor } = useFormRules(rules, state);
  return (
    <form {...formProps} action={action} aria-label="Free delivery" className="max-w-md space-y-3">
      <FormMessage message={state.message} ok={state.ok} />
      <Field
        key={state.submission}
        name="threshold"
        label="Free delivery from (KSh)"
        required={false}
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={String(THRESHOLD_MAX).length}
        defaultValue={state.values.threshold}
        hint="Goods worth this much after any discount travel free, to any county or pickup point. Leave empty for no free delivery."
        error={errorFor("threshold")}
      />
      <SubmitButton>Save free delivery</SubmitButton>
    </form>
  );
}
