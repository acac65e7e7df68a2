"use client";

import { useState } from "react";
import { ChoiceGroup } from "@/components/ui/ChoiceGroup";
import { Field } from "@/components/ui/Field";
import type { FulfilmentKind } from "@/lib/db/values";
import { mpesaMessages, mpesaPromptWords, payOnArrival } from "@/lib/orders/payment-copy";

/**
 * M-Pesa (the default) or pay on delivery, where it is offered (`payOnDelivery`: at a pickup point,
 * or in a county that offers it). The M-Pesa phone follows the delivery phone until the shopper
 * edits it; without JavaScript the server takes the delivery phone when it is left empty.
 */
export function PaymentChoice({
  fulfilment,
  payOnDelivery,
  deliveryPhone,
  values,
  error,
}: {
  fulfilment: FulfilmentKind;
  payOnDelivery: boolean;
  deliveryPhone: string;
  values: Partial<Record<string, string>>;
  error?: string;
}) {
  const [edited, setEdited] = useState<string | null>(values.mpesaPhone || null);
  const mpesaPhone = (
    <Field
      name="mpesaPhone"
      label="M-Pesa phone number"
      type="tel"
      autoComplete="tel"
      required={false}
      value={edited ?? deliveryPhone}
      onChange={(event) => setEdited(event.target.value)}
      hint={mpesaMessages.phoneHint}
      error={error}
      className="mpesa-only ml-7"
    />
  );
  return (
    <ChoiceGroup
      name="paymentMethod"
      legend="How to pay"
      checked={[payOnDelivery ? (values.paymentMethod ?? "mpesa") : "mpesa"]}
      choices={[
        {
          value: "mpesa",
          ...mpesaPromptWords,
          after: mpesaPhone,
        },
        ...(payOnDelivery
          ? [{ value: "pay_on_delivery", label: payOnArrival[fulfilment].label, note: payOnArrival[fulfilment].note }]
          : []),
      ]}
      // Hidden unless M-Pesa is checked (Tailwind reads "_" as a space, so the selector avoids pay_on_delivery).
      className="mb-4 mt-2 [&:has(input[name=paymentMethod][value=mpesa]:not(:checked))_.mpesa-only]:hidden"
    />
  );
}
