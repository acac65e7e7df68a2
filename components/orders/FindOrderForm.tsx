"use client";

import { useActionState } from "react";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import { DELIVERY_MAX_LENGTH, PHONE_PATTERN } from "@/lib/checkout/delivery-details";
import { findOrder } from "./actions";

/** 'Find your order': the order number and the delivery phone; a match opens the order's signed link. */
export function FindOrderForm() {
  const [state, action] = useActionState(findOrder, initialFormState);
  return (
    <form action={action} className="flex flex-col gap-3 rounded-xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
      <FormMessage message={state.message} />
      <Field
        key={`number-${state.submission}`}
        name="number"
        label="Order number"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        hint="Like KT-7F3K9QM"
        defaultValue={state.values.number}
        error={state.errors.number}
      />
      <Field
        key={`phone-${state.submission}`}
        name="phone"
        label="Phone number"
        type="tel"
        autoComplete="tel"
        pattern={PHONE_PATTERN}
        maxLength={DELIVERY_MAX_LENGTH.phone}
        defaultValue={state.values.phone}
        error={state.errors.phone}
      />
      <SubmitButton pendingText="Looking…">Find your order</SubmitButton>
    </form>
  );
}
