import type { ReactNode } from "react";
import { ChoiceGroup } from "@/components/ui/ChoiceGroup";
import { formatFee, pickupEstimate, type PickupPoint } from "@/lib/checkout/fulfilment-fee";
import { formatOpeningHours } from "@/lib/checkout/opening-hours";

export const fulfilmentLabels = { delivery: "Deliver to me", pickup: "Pick up" } as const;

/**
 * 'Deliver to me' with the address, or 'Pick up' with the points to choose from. Both are in the
 * page, so it works without JavaScript; CSS shows only the checked choice's fields (the server asks
 * for the address only for delivery).
 */
export function FulfilmentChoice({
  values,
  points,
  address,
  error,
}: {
  values: Partial<Record<string, string>>;
  points: readonly PickupPoint[];
  /** The address's fields, shown under 'Deliver to me'. */
  address: ReactNode;
  error?: string;
}) {
  const pointChoices = points.map((point) => ({
    value: String(point.id),
    label: `${point.name}: ${formatFee(point.fee)}`,
    note: `${point.address}. Open ${formatOpeningHours(point.openingHours)}.`,
  }));
  return (
    <ChoiceGroup
      name="fulfilment"
      legend="How you get your order"
      legendVisible
      checked={[values.fulfilment === "pickup" ? "pickup" : "delivery"]}
      choices={[
        {
          value: "delivery",
          label: fulfilmentLabels.delivery,
          note: "To your door, or by courier to an office in your town: your county decides.",
          after: <div className="delivery-only">{address}</div>,
        },
        {
          value: "pickup",
          label: fulfilmentLabels.pickup,
          note: `${pickupEstimate}.`,
          after: (
            <ChoiceGroup
              name="pickupPoint"
              legend="Pickup point"
              legendVisible
              checked={[values.pickupPoint ?? pointChoices[0].value]}
              choices={pointChoices}
              error={error}
              className="pickup-only ml-7"
            />
          ),
        },
      ]}
      className={
        "mb-2 [&:has(input[name=fulfilment][value=pickup]:checked)_.delivery-only]:hidden " +
        "[&:has(input[name=fulfilment][value=delivery]:checked)_.pickup-only]:hidden"
      }
    />
  );
}
