"use client";

import { useActionState } from "react";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { startingFormState } from "@/components/ui/form-state";
import { useFormRules, type LoadRules } from "@/components/ui/use-form-rules";
import type { PickupPoint } from "@/lib/checkout/fulfilment-fee";
import { PICKUP_POINT_MAX_LENGTH, type PickupPointField } from "@/lib/checkout/pickup-point-rules";
import { ZONE_LIMITS } from "@/lib/checkout/delivery-zone-rules";
import { savePickupPointAction } from "./actions";

const rules: LoadRules = () => import("@/lib/checkout/pickup-point-rules").then((module) => module.pickupPointErrors);

/** A new pickup point's form, or (given `point`) one point's. */
export function PickupPointForm({ point }: { point?: PickupPoint }) {
  const [state, action] = useActionState(
    savePickupPointAction,
    startingFormState(point ? { name: point.name, address: point.address, hours: point.hours, fee: String(point.fee) } : {}),
  );
  const { formProps, errorFor } = useFormRules(rules, state);
  const prefix = point ? `point-${point.id}-` : "new-point-";
  const field = (name: PickupPointField, label: string, maxLength: number) => (
    <Field
      id={`${prefix}${name}`}
      name={name}
      label={label}
      maxLength={maxLength}
      defaultValue={state.values[name]}
      error={errorFor(name)}
    />
  );
  return (
    <form
      {...formProps}
      action={action}
      aria-label={point ? `Edit ${point.name}` : "Add a pickup point"}
      className="max-w-xl space-y-2"
    >
      <FormMessage message={state.message} ok={state.ok} />
      {point && <input type="hidden" name="id" value={point.id} />}
      <div key={state.submission} className="grid gap-x-3 sm:grid-cols-2">
        {field("name", "Name", PICKUP_POINT_MAX_LENGTH.name)}
        {field("hours", "Opening hours", PICKUP_POINT_MAX_LENGTH.hours)}
        {field("address", "Address", PICKUP_POINT_MAX_LENGTH.address)}
        <Field
          id={`${prefix}fee`}
          name="fee"
          label="Fee (KSh, 0 for free)"
          inputMode="numeric"
          pattern="[0-9]+"
          maxLength={String(ZONE_LIMITS.fee).length}
          defaultValue={state.values.fee}
          error={errorFor("fee")}
        />
      </div>
      <SubmitButton>{point ? "Save" : "Add the pickup point"}</SubmitButton>
    </form>
  );
}
