"use client";

import { useActionState } from "react";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SelectField } from "@/components/ui/SelectField";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import { useFormRules, type LoadRules } from "@/components/ui/use-form-rules";
import { MAX_STOCK_CHANGE, adjustmentReasons, stockReasonLabels } from "@/lib/stock/rules";
import { adjustStockAction } from "./actions";

const rules: LoadRules = () => import("@/lib/stock/rules").then((module) => module.stockAdjustmentErrors);

/**
 * A variant's stock adjustment: units to add (+) or remove (-) and why; the rules' messages beside
 * each field, in the browser as on the server.
 */
export function AdjustStockForm({ variantId, variantLabel }: { variantId: number; variantLabel: string }) {
  const [state, action] = useActionState(adjustStockAction, initialFormState);
  const { formProps, errorFor } = useFormRules(rules, state);
  const id = (field: string) => `stock-${variantId}-${field}`;
  return (
    <form {...formProps} action={action} aria-label={`Adjust the stock of ${variantLabel}`} className="flex flex-col gap-2">
      <input type="hidden" name="variantId" value={variantId} />
      <div className="flex flex-wrap items-start gap-3">
        <Field
          id={id("change")}
          name="change"
          label="Change (+ adds, - removes)"
          type="number"
          step={1}
          min={-MAX_STOCK_CHANGE}
          max={MAX_STOCK_CHANGE}
          autoComplete="off"
          defaultValue={state.values.change}
          error={errorFor("change")}
          className="w-36"
        />
        <SelectField
          id={id("reason")}
          name="reason"
          label="Reason"
          required
          defaultValue={state.values.reason ?? ""}
          placeholder={{ value: "", label: "Choose a reason", disabled: true }}
          options={adjustmentReasons.map((reason) => ({ value: reason, label: stockReasonLabels[reason] }))}
          error={errorFor("reason")}
          className="w-48"
        />
        <SubmitButton look="secondary" className="mt-6" pendingText="Saving…">
          Adjust stock
        </SubmitButton>
      </div>
      <FormMessage message={state.message} ok={state.ok} />
    </form>
  );
}
