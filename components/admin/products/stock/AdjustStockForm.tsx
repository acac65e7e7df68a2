"use client";

import { useActionState } from "react";
import { FieldMessage, controlClass } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { buttonStyles } from "@/components/ui/button-styles";
import { initialFormState } from "@/components/ui/form-state";
import { MAX_STOCK_CHANGE, adjustmentReasons, stockReasonLabels } from "@/lib/stock/rules";
import { adjustStockAction } from "./actions";

/** A variant's stock adjustment: units to add (+) or remove (-) and why; messages beside each field. */
export function AdjustStockForm({ variantId, variantLabel }: { variantId: number; variantLabel: string }) {
  const [state, action, pending] = useActionState(adjustStockAction, initialFormState);
  const id = (field: string) => `stock-${variantId}-${field}`;
  return (
    <form action={action} aria-label={`Adjust the stock of ${variantLabel}`} className="flex flex-col gap-2">
      <input type="hidden" name="variantId" value={variantId} />
      <div className="flex flex-wrap items-start gap-3">
        <div className="flex w-36 flex-col gap-1">
          <label htmlFor={id("change")} className="text-sm font-medium text-stone-900">
            Change (+ adds, - removes)
          </label>
          <input
            id={id("change")}
            name="change"
            type="number"
            step={1}
            min={-MAX_STOCK_CHANGE}
            max={MAX_STOCK_CHANGE}
            required
            autoComplete="off"
            defaultValue={state.values.change}
            aria-invalid={state.errors.change ? true : undefined}
            aria-describedby={id("change-error")}
            className={controlClass}
          />
          <FieldMessage id={id("change-error")} error={state.errors.change} />
        </div>
        <div className="flex w-48 flex-col gap-1">
          <label htmlFor={id("reason")} className="text-sm font-medium text-stone-900">
            Reason
          </label>
          <select
            id={id("reason")}
            name="reason"
            required
            defaultValue={state.values.reason ?? ""}
            aria-invalid={state.errors.reason ? true : undefined}
            aria-describedby={id("reason-error")}
            className={controlClass}
          >
            <option value="" disabled>
              Choose a reason
            </option>
            {adjustmentReasons.map((reason) => (
              <option key={reason} value={reason}>
                {stockReasonLabels[reason]}
              </option>
            ))}
          </select>
          <FieldMessage id={id("reason-error")} error={state.errors.reason} />
        </div>
        <button type="submit" disabled={pending} className={`mt-6 ${buttonStyles.secondary}`}>
          {pending ? "Saving…" : "Adjust stock"}
        </button>
      </div>
      <FormMessage message={state.message} ok={state.ok} />
    </form>
  );
}
