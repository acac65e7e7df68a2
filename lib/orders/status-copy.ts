import { pickupPlace, type PickupPlace } from "@/lib/checkout/fulfilment-fee";
import type { Carrier, FulfilmentKind } from "@/lib/db/values";
import { payOnArrival } from "./payment-copy";
import type { OrderStatus } from "./status";

// What the shopper reads of each order status, in the e-mail (lib/orders/events.ts) and on the
// order's page, delivered or picked up. Framework-free.

/** What the shopper reads when their order changes: the e-mail's subject ends with `subject`. */
const statusCopy: Record<OrderStatus, { subject: string; body: string }> = {
  placed: { subject: "is placed", body: "We have received your order." },
  confirmed: { subject: "is confirmed", body: "We have confirmed your order and are packing it." },
  dispatched: { subject: "is on its way", body: "Your order is on its way. The rider will call before delivery." },
  // Only pickup orders wait at a point; their e-mail adds the point's directions (pickupDirections).
  ready_for_pickup: { subject: "is ready for pickup", body: "Your order is ready for you at your pickup point." },
  delivered: { subject: "has been delivered", body: "Your order has been delivered. Enjoy, and thank you!" },
  // A closed order's body is followed by what is owed back (owedBack).
  cancelled: { subject: "has been cancelled", body: "Your order has been cancelled." },
  delivery_failed: {
    subject: "could not be delivered",
    body: "Our rider could not deliver your order. We will call you to arrange another delivery.",
  },
  returned: { subject: "came back to us", body: "Your order came back to our shop undelivered, and is now closed." },
};

/** A pickup order's words where they differ: it travels to the point, and the shopper collects it there. */
const pickupStatusCopy: Partial<Record<OrderStatus, { subject: string; body: string }>> = {
  dispatched: {
    subject: "is on its way to your pickup point",
    body: "Your order is on its way to the pickup point you chose. Bring your order number when you collect it.",
  },
  delivered: { subject: "has been collected", body: "Your order has been collected. Enjoy, and thank you!" },
  delivery_failed: {
    subject: "was not collected",
    body: "Your order was not collected from the pickup point. We will call you to arrange it.",
  },
};

/** A courier's parcel's words where they differ: no rider calls, and it may wait at the courier's office. */
const courierStatusCopy: Partial<Record<OrderStatus, { subject: string; body: string }>> = {
  // The e-mail adds the courier, the waybill and where to collect (lib/couriers/shipment-words.ts).
  dispatched: { subject: "is on its way", body: "Your order is on its way by courier." },
  delivery_failed: {
    subject: "came back from the courier",
    body: "Your parcel was not collected from the courier, or could not be handed over. We will call you to arrange it.",
  },
};

/** A status's e-mail subject ending and its sentence, as the order is delivered (by the rider or a courier) or picked up. */
export function statusCopyOf(
  fulfilment: FulfilmentKind,
  status: OrderStatus,
  carrier: Carrier = "rider",
): { subject: string; body: string } {
  if (fulfilment === "pickup") return pickupStatusCopy[status] ?? statusCopy[status];
  return (carrier === "courier" && courierStatusCopy[status]) || statusCopy[status];
}

/**
 * What a ready pickup order's shopper needs at the point (the e-mail's follow-up): where, when it
 * is open, what to bring, and how to pay there when it is still to be paid.
 */
export function pickupDirections(place: PickupPlace, payAtPoint: boolean): string {
  const payment = payAtPoint ? payOnArrival.pickup.note.replace(" Nothing is charged now.", "") : "It is paid already.";
  return `${pickupPlace(place)}. Bring your order number. ${payment}`;
}
