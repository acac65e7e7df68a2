"use client";

import { useActionState } from "react";
import { ChoiceGroup } from "@/components/ui/ChoiceGroup";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { startingFormState } from "@/components/ui/form-state";
import { useFormRules, type LoadRules } from "@/components/ui/use-form-rules";
import { COURIER_MAX_LENGTH, WAYBILL_PLACEHOLDER, handoverLabels, type CourierField } from "@/lib/couriers/courier-rules";
import { courierHandovers } from "@/lib/db/values";
import type { CourierRow } from "@/lib/couriers/couriers";
import { saveCourierAction } from "./actions";

const rules: LoadRules = () => import("@/lib/couriers/courier-rules").then((module) => module.courierErrors);

/** A new courier's form, or (given `courier`) one courier's. */
export function CourierForm({ courier }: { courier?: CourierRow }) {
  const [state, action] = useActionState(
    saveCourierAction,
    startingFormState(
      courier
        ? { name: courier.name, handover: courier.handover, phone: courier.phone, trackingUrl: courier.trackingUrl }
        : { handover: "office" },
    ),
  );
  const { formProps, errorFor } = useFormRules(rules, state);
  const prefix = courier ? `courier-${courier.id}-` : "new-courier-";
  const field = (name: CourierField, label: string, maxLength: number, extra: { hint?: string; required?: boolean } = {}) => (
    <Field
      id={`${prefix}${name}`}
      name={name}
      label={label}
      maxLength={maxLength}
      defaultValue={state.values[name]}
      error={errorFor(name)}
      {...extra}
    />
  );
  return (
    <form
      {...formProps}
      action={action}
      aria-label={courier ? `Edit ${courier.name}` : "Add a courier"}
      className="max-w-xl space-y-2"
    >
      <FormMessage message={state.message} ok={state.ok} />
      {courier && <input type="hidden" name="id" value={courier.id} />}
      <div key={state.submission} className="flex flex-col gap-1">
        {field("name", "Name", COURIER_MAX_LENGTH.name)}
        <ChoiceGroup
          name="handover"
          legend="How the shopper receives it"
          legendVisible
          checked={[state.values.handover ?? "office"]}
          choices={courierHandovers.map((handover) => ({ value: handover, label: handoverLabels[handover] }))}
          error={errorFor("handover")}
        />
        {field("phone", "Phone shoppers call (optional)", COURIER_MAX_LENGTH.phone, { required: false })}
        {field("trackingUrl", "Tracking page (optional)", COURIER_MAX_LENGTH.trackingUrl, {
          required: false,
          hint: `Its address with ${WAYBILL_PLACEHOLDER} where the waybill number goes. Leave empty if it has none.`,
        })}
      </div>
      <SubmitButton>{courier ? "Save" : "Add the courier"}</SubmitButton>
    </form>
  );
}
