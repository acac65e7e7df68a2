"use client";

import { useState } from "react";
import { FieldMessage, controlClass } from "@/components/ui/Field";
import { mpesaMessages, payOnDeliveryNote, paymentMethodLabels } from "@/lib/orders/payment-copy";

/**
 * M-Pesa (the default) or pay on delivery. The M-Pesa phone follows the delivery phone until the
 * shopper edits it; without JavaScript the server takes the delivery phone when it is left empty.
 */
export function PaymentChoice({
  deliveryPhone,
  values,
  error,
}: {
  deliveryPhone: string;
  values: Partial<Record<string, string>>;
  error?: string;
}) {
  const [edited, setEdited] = useState<string | null>(values.mpesaPhone || null);
  const method = values.paymentMethod ?? "mpesa";
  return (
    <fieldset className="mb-4 mt-2 flex flex-col gap-2 has-[input[value=pay_on_delivery]:checked]:[&_.mpesa-only]:hidden">
      <legend className="sr-only">How to pay</legend>
      <label className="flex items-start gap-2">
        <input
          type="radio"
          name="paymentMethod"
          value="mpesa"
          defaultChecked={method === "mpesa"}
          className="mt-1 h-5 w-5 accent-green-800"
        />
        <span>
          <span className="font-medium text-stone-900">{paymentMethodLabels.mpesa}</span>
          <span className="block text-sm text-stone-700">A PIN prompt comes to your phone as you place the order.</span>
        </span>
      </label>
      <div className="mpesa-only ml-7 flex flex-col gap-1">
        <label htmlFor="mpesaPhone" className="text-sm font-medium text-stone-900">
          M-Pesa phone number
        </label>
        <input
          id="mpesaPhone"
          name="mpesaPhone"
          type="tel"
          autoComplete="tel"
          value={edited ?? deliveryPhone}
          onChange={(event) => setEdited(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "mpesaPhone-error" : "mpesaPhone-hint"}
          className={controlClass}
        />
        <p id="mpesaPhone-hint" className="text-sm text-stone-700">
          {mpesaMessages.phoneHint}
        </p>
        <FieldMessage id="mpesaPhone-error" error={error} />
      </div>
      <Choice
        value="pay_on_delivery"
        checked={method === "pay_on_delivery"}
        label={paymentMethodLabels.pay_on_delivery}
        note={payOnDeliveryNote}
      />
    </fieldset>
  );
}

/** One way to pay: a radio named by its label, described by its note. */
function Choice({ value, checked, label, note }: { value: string; checked: boolean; label: string; note: string }) {
  return (
    <div className="flex items-start gap-2">
      <input
        type="radio"
        id={`pay-${value}`}
        name="paymentMethod"
        value={value}
        defaultChecked={checked}
        aria-describedby={`pay-${value}-note`}
        className="mt-1 h-5 w-5 accent-green-800"
      />
      <div>
        <label htmlFor={`pay-${value}`} className="font-medium text-stone-900">
          {label}
        </label>
        <p id={`pay-${value}-note`} className="text-sm text-stone-700">
          {note}
        </p>
      </div>
    </div>
  );
}
