/**
 * What the shopper and staff read of a parcel that has left: who carries it, its waybill, where to
 * collect it and where to track it, on the order page, in the dispatch e-mail and SMS, on the packing
 * slip and in the orders export. Framework-free.
 */
import type { Carrier, CourierHandover } from "@/lib/db/values";
import { fitsOneGsmSms } from "@/lib/sms/gsm";
import { trackingLink } from "./courier-rules";

/** A parcel's courier and waybill as recorded at dispatch, with the courier as it is now. */
export type ShipmentView = {
  courierId: number;
  courier: { name: string; kind: Carrier; handover: CourierHandover; phone: string; trackingUrl: string };
  waybill: string;
  office: string;
  recordedAt: Date;
  recordedBy: string;
};

/** 'Fargo Courier, waybill FGO12345678' (the rider: 'Our rider'). */
export function shipmentLine(shipment: Pick<ShipmentView, "courier" | "waybill">): string {
  return shipment.waybill ? `${shipment.courier.name}, waybill ${shipment.waybill}` : shipment.courier.name;
}

/** Where and how the shopper gets the parcel: 'Collect it at Fargo Kisumu with your ID.' */
export function collectSentence(shipment: Pick<ShipmentView, "courier" | "office">): string {
  const { courier, office } = shipment;
  if (courier.kind === "rider") return "Our rider will call before coming.";
  if (courier.handover === "door") return `${courier.name} brings it to your door.`;
  return `Collect it at ${office || `the ${courier.name} office in your town`} with your ID.`;
}

/** The courier's tracking page for this parcel, or null. */
export const shipmentTrackingUrl = (shipment: Pick<ShipmentView, "courier" | "waybill">) =>
  trackingLink(shipment.courier.trackingUrl, shipment.waybill);

/** The dispatch e-mail's paragraph: with whom, the waybill, where to collect, the courier's phone and tracking page. */
export function dispatchParagraph(shipment: ShipmentView): string {
  if (shipment.courier.kind === "rider") return "";
  const track = shipmentTrackingUrl(shipment);
  return [
    `It is on its way with ${shipmentLine(shipment)}.`,
    collectSentence(shipment),
    shipment.courier.phone && `${shipment.courier.name}'s phone: ${shipment.courier.phone}.`,
    track && `Track it: ${track}`,
  ]
    .filter(Boolean)
    .join(" ");
}

/**
 * The dispatch SMS of a courier's parcel, one GSM-7 message: 'Kijani Threads: KT-7Q2M sent with Fargo
 * Courier, waybill FGO12345678. Collect at Fargo Kisumu with your ID. Stop SMS or see it: <link>'.
 * Where names and link are long, it drops first the shop's words, then the link: the courier, the
 * waybill and the office always fit (their lengths are limited for it, courier-rules.ts).
 */
export function courierDispatchText(shop: string, number: string, shipment: ShipmentView, link: string): string {
  const collect =
    shipment.courier.handover === "door"
      ? `${shipment.courier.name} brings it to your door.`
      : `Collect at ${shipment.office || `${shipment.courier.name} in your town`} with your ID.`;
  const core = `${number} sent with ${shipmentLine(shipment)}. ${collect}`;
  const candidates = [`${shop}: ${core} Stop SMS or see it: ${link}`, `${core} See it: ${link}`, core];
  return candidates.find(fitsOneGsmSms) ?? core;
}
