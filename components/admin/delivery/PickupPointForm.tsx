"use client";

import { useActionState } from "react";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { startingFormState } from "@/components/ui/form-state";
import { useFormRules, type LoadRules } from "@/components/ui/use-form-rules";
import type { PickupPoint } from "@/lib/checkout/fulfilment-fee";
import { defaultOpeningHours, weekdayLabels, weekdays } from "@/lib/checkout/opening-hours";
import { PICKUP_POINT_MAX_LENGTH, dayFields, openingHoursValues, type PickupPointField } from "@/lib/checkout/pickup-point-rules";
import { ZONE_LIMITS } from "@/lib/checkout/delivery-zone-rules";
import { savePickupPointAction } from "./actions";

const rules: LoadRules = () => import("@/lib/checkout/pickup-point-rules").then((module) => module.pickupPointErrors);

/** A new pickup point's form (its hours start as the studio's), or (given `point`) one point's. */
export function PickupPointForm({ point }: { point?: PickupPoint }) {
  const [state, action] = useActionState(
    savePickupPointAction,
    startingFormState(
      point
        ? { name: point.name, address: point.address, fee: String(point.fee), ...openingHoursValues(point.openingHours) }
        : openingHoursValues(defaultOpeningHours),
    ),
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
  const time = (name: PickupPointField, label: string) => (
    <Field
      id={`${prefix}${name}`}
      name={name}
      label={label}
      type="time"
      required={false}
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
      <fieldset key={`hours-${state.submission}`} className="rounded-md border border-stone-200 p-3">
        <legend className="px-1 text-sm font-medium text-stone-900">Opening hours</legend>
        <p className="mb-2 text-sm text-stone-700">Nairobi time. Leave both times empty on a day it is closed.</p>
        <div className="grid gap-x-3 sm:grid-cols-2">
          {weekdays.map((day) => (
            <div key={day} className="contents">
              {time(dayFields(day).opens, `${weekdayLabels[day]} opens`)}
              {time(dayFields(day).closes, `${weekdayLabels[day]} closes`)}
            </div>
          ))}
        </div>
      </fieldset>
      <SubmitButton>{point ? "Save" : "Add the pickup point"}</SubmitButton>
    </form>
  );
}
