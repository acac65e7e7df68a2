"use client";

import { useActionState } from "react";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import type { ShipmentView } from "@/lib/couriers/shipment-words";
import { correctShipmentAction } from "./actions";
import { ShipmentFields, type CourierChoice } from "./ShipmentFields";

/** Corrects a dispatched order's courier, waybill or office; the order's history keeps every change. */
export function ShipmentForm({
  number,
  shipment,
  couriers,
}: {
  number: string;
  shipment: ShipmentView;
  couriers: readonly CourierChoice[];
}) {
  const [state, action] = useActionState(correctShipmentAction, initialFormState);
  const current = { courierId: String(shipment.courierId), waybill: shipment.waybill, office: shipment.office };
  // An archived courier stays choosable on the parcels it carries.
  const choices = couriers.some((courier) => courier.id === shipment.courierId)
    ? couriers
    : [...couriers, { id: shipment.courierId, name: shipment.courier.name, kind: shipment.courier.kind }];
  return (
    <form action={action} aria-label="Correct the courier and waybill" className="flex max-w-2xl flex-col gap-2">
      <FormMessage message={state.message} ok={state.ok} />
      <input type="hidden" name="number" value={number} />
      <ShipmentFields
        key={state.submission}
        prefix="correct"
        couriers={choices}
        values={state.ok === false ? state.values : current}
        errors={state.errors}
      />
      <SubmitButton pendingText="Saving…">Save courier and waybill</SubmitButton>
    </form>
  );
}
