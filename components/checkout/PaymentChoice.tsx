"use client";

import { useState } from "react";
import { ChoiceGroup } from "@/components/ui/ChoiceGroup";
import { Field } from "@/components/ui/Field";
import type { FulfilmentKind } from "@/lib/db/values";
import { mpesaMessages, mpesaPromptWords, payOnArrival, pesapalWords } from "@/lib/orders/payment-copy";
import type { OfferedPayments } from "@/lib/payments/choice";

/**
 * M-Pesa (the default), card or Airtel Money through Pesapal, each only when it is set up, or pay on
 * delivery where it is offered (`payOnDelivery`: at a pickup point, or in a county that offers it).
 * The M-Pesa phone follows the delivery phone until the shopper edits it; without JavaScript the
 * server takes the delivery phone when it is left empty.
 */
export function PaymentChoice({
  offered,
  fulfilment,
  payOnDelivery,
  deliveryPhone,
  values,
  error,
}: {
  offered: OfferedPayments;
  fulfilment: FulfilmentKind;
  payOnDelivery: boolean;
  deliveryPhone: string;
  values: Partial<Record<string, string>>;
  error?: string;
}) {
  const [edited, setEdited] = useState<string | null>(values.mpesaPhone || null);
  // A county changed to one without pay on delivery drops that earlier choice.
  const chosen = values.paymentMethod === "pay_on_delivery" && !payOnDelivery ? undefined : values.paymentMethod;
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
      checked={[chosen ?? (offered.mpesa ? "mpesa" : "pesapal")]}
      choices={[
        ...(offered.mpesa ? [{ value: "mpesa", ...mpesaPromptWords, after: mpesaPhone }] : []),
        ...(offered.pesapal ? [{ value: "pesapal", ...pesapalWords }] : []),
        ...(payOnDelivery
          ? [{ value: "pay_on_delivery", label: payOnArrival[fulfilment].label, note: payOnArrival[fulfilment].note }]
          : []),
      ]}
      // Hidden unless M-Pesa is checked (Tailwind reads "_" as a space, so the selector avoids pay_on_delivery).
      className="mb-4 mt-2 [&:has(input[name=paymentMethod][value=mpesa]:not(:checked))_.mpesa-only]:hidden"
    />
  );
}
