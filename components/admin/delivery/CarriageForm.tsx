"use client";

import { useActionState } from "react";
import { CheckboxField } from "@/components/ui/CheckboxField";
import { ChoiceGroup } from "@/components/ui/ChoiceGroup";
import { FieldMessage } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { startingFormState } from "@/components/ui/form-state";
import { useFormRules, type LoadRules } from "@/components/ui/use-form-rules";
import { COUNTIES } from "@/lib/checkout/counties";
import { carrierLabels } from "@/lib/couriers/carriage-words";
import { setCarriageAction } from "./actions";

const rules: LoadRules = () => import("@/lib/couriers/county-rules").then((module) => module.carriageErrors);

/** Who carries the ticked counties' orders (the rider or a courier), and whether they may pay on delivery there. */
export function CarriageForm() {
  const [state, action] = useActionState(setCarriageAction, startingFormState());
  const { formProps, errorFor } = useFormRules(rules, state);
  const ticked = new Set(state.ok ? [] : (state.values.counties ?? "").split("\n"));
  const countiesError = errorFor("counties");
  return (
    <form {...formProps} action={action} aria-label="Who carries each county" className="space-y-4">
      <FormMessage message={state.message} ok={state.ok} />
      <fieldset key={state.submission} aria-describedby={countiesError ? "carriage-counties-error" : undefined}>
        <legend className="mb-2 font-semibold text-stone-900">Counties (tick the ones to change)</legend>
        <FieldMessage id="carriage-counties-error" error={countiesError} />
        <div className="grid gap-1 sm:grid-cols-3 lg:grid-cols-4">
          {COUNTIES.map((county) => (
            <label key={county} className="flex items-center gap-2">
              <input
                type="checkbox"
                name="counties"
                value={county}
                defaultChecked={ticked.has(county)}
                className="h-5 w-5 accent-green-800"
              />
              {county}
            </label>
          ))}
        </div>
      </fieldset>
      <ChoiceGroup
        key={`carrier-${state.submission}`}
        name="carrier"
        legend="Who carries their orders"
        legendVisible
        checked={[state.values.carrier ?? "courier"]}
        choices={[
          { value: "rider", label: carrierLabels.rider, note: "To the shopper's door." },
          { value: "courier", label: carrierLabels.courier, note: "Collected at the courier's office, with a waybill." },
        ]}
        error={errorFor("carrier")}
      />
      <CheckboxField
        key={`pod-${state.submission}`}
        name="payOnDelivery"
        label="Offer pay on delivery there"
        hint="By default only where our rider goes: a courier may not collect cash for you."
        defaultChecked={state.values.payOnDelivery === "on"}
      />
      <SubmitButton>Set who carries the ticked counties</SubmitButton>
    </form>
  );
}
