import "server-only";
import type { Database } from "@/lib/db";
import type { Fulfilment } from "@/lib/checkout/delivery-details";
import { requireDeliveryRate } from "@/lib/checkout/delivery-zones";
import type { FulfilmentOption } from "@/lib/checkout/fulfilment-fee";
import { formatOpeningHours } from "@/lib/checkout/opening-hours";
import { findActivePickupPoint } from "@/lib/checkout/pickup-points";
import { payOnDeliveryMessages } from "@/lib/couriers/carriage-words";
import { requireCountyCarriage } from "@/lib/couriers/county-carriage";

/**
 * The county's delivery rate, or the pickup point if it is still offered (else null), with where the
 * order goes as the order keeps it: the address with who carries it, or a copy of the point (and no
 * address); and why it may not be paid on delivery, if so (a pickup pays at its point, whatever the county).
 */
export async function fulfilmentOption(tx: Database, fulfilment: Fulfilment) {
  if (fulfilment.kind === "delivery") {
    const { county } = fulfilment.address;
    const option: FulfilmentOption = { kind: "delivery", county, rate: await requireDeliveryRate(tx, county) };
    // Who carries it is copied like the fee: the order keeps the promise it was placed with.
    const { carrier, payOnDelivery } = await requireCountyCarriage(tx, county);
    const columns = { fulfilment: "delivery", ...fulfilment.address, carrier, collectAt: fulfilment.collectAt } as const;
    return { option, columns, payOnDeliveryRefusal: payOnDelivery ? null : payOnDeliveryMessages.notOffered(county) };
  }
  const point = await findActivePickupPoint(tx, fulfilment.pointId);
  if (!point) return null;
  const option: FulfilmentOption = { kind: "pickup", point };
  const copy = { pickupName: point.name, pickupAddress: point.address, pickupHours: formatOpeningHours(point.openingHours) };
  return {
    option,
    columns: { fulfilment: "pickup", county: "", town: "", street: "", ...copy } as const,
    payOnDeliveryRefusal: null,
  };
}

/** Where an order goes, as its row keeps it (fulfilmentOption's columns). */
export type FulfilmentColumns = NonNullable<Awaited<ReturnType<typeof fulfilmentOption>>>["columns"];
