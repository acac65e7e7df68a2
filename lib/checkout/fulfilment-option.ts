import "server-only";
import type { Database } from "@/lib/db";
import type { Fulfilment } from "./delivery-details";
import { requireDeliveryRate } from "./delivery-zones";
import type { FulfilmentOption } from "./fulfilment-fee";
import { formatOpeningHours } from "./opening-hours";
import { findActivePickupPoint } from "./pickup-points";

/**
 * The county's delivery rate, or the pickup point if it is still offered (else null), with where the
 * order goes as the order keeps it: the address, or a copy of the point (and no address).
 */
export async function fulfilmentOption(tx: Database, fulfilment: Fulfilment) {
  if (fulfilment.kind === "delivery") {
    const { county } = fulfilment.address;
    const option: FulfilmentOption = { kind: "delivery", county, rate: await requireDeliveryRate(tx, county) };
    return { option, columns: { fulfilment: "delivery", ...fulfilment.address } as const };
  }
  const point = await findActivePickupPoint(tx, fulfilment.pointId);
  if (!point) return null;
  const option: FulfilmentOption = { kind: "pickup", point };
  const copy = { pickupName: point.name, pickupAddress: point.address, pickupHours: formatOpeningHours(point.openingHours) };
  return { option, columns: { fulfilment: "pickup", county: "", town: "", street: "", ...copy } as const };
}

/** Where an order goes, as its row keeps it (fulfilmentOption's columns). */
export type FulfilmentColumns = NonNullable<Awaited<ReturnType<typeof fulfilmentOption>>>["columns"];
