"use client";

import { useActionState } from "react";
import { applyDiscountCode } from "@/components/cart/discount-actions";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { startingFormState } from "@/components/ui/form-state";
import type { DiscountQuote } from "@/lib/discounts/redemptions";

/**
 * 'Discount code' with 'Apply' on the cart and the checkout (never inside another form), and the
 * applied code with 'Remove' instead (one code per cart). A code that stopped applying since shows
 * why beside the field.
 */
export function DiscountCodeForm({ discount }: { discount: DiscountQuote | null }) {
  const [state, formAction] = useActionState(applyDiscountCode, startingFormState());
  const stale = discount && !discount.ok ? discount.error : undefined;
  return (
    <div className="mt-4 space-y-2">
      {discount?.ok && (
        <form action={formAction} className="flex items-center justify-between gap-3 text-sm text-stone-900">
          <p>
            Code <strong>{discount.code}</strong> applied
          </p>
          <input type="hidden" name="intent" value="remove" />
          <SubmitButton look="secondary" pendingText="Removing…">
            Remove code
          </SubmitButton>
        </form>
      )}
      {!discount?.ok && (
        <form action={formAction} className="flex items-start gap-2">
          <Field
            key={state.submission}
            name="discountCode"
            label="Discount code"
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={32}
            defaultValue={state.values.discountCode ?? (discount && !discount.ok ? discount.code : "")}
            error={state.errors.discountCode ?? stale}
            className="grow"
          />
          <SubmitButton look="secondary" pendingText="Applying…" className="mt-6">
            Apply
          </SubmitButton>
        </form>
      )}
      <FormMessage message={state.message} ok={state.ok} />
    </div>
  );
}
