/**
 * Why a parcel came back from a delivery attempt, or a pickup order was not collected: the back
 * office's lists, their words, and their rule. Framework-free.
 */
import type { FulfilmentKind } from "@/lib/db/values";

export const deliveryFailureReasons = [
  "refused",
  "unreachable",
  "wrong_address",
  "not_collected",
  "wrong_office",
  "other",
] as const;
export type DeliveryFailureReason = (typeof deliveryFailureReasons)[number];

export const deliveryFailureLabels: Record<DeliveryFailureReason, string> = {
  refused: "Refused by the buyer",
  unreachable: "Buyer unreachable",
  wrong_address: "Wrong address",
  not_collected: "Not collected in time",
  wrong_office: "Sent to the wrong office",
  other: "Other",
};

/** Whose failure it is: the rider's delivery, a courier's parcel (it came back to the shop), or a pickup point's. */
export type FailureKind = FulfilmentKind | "courier";

/**
 * The reasons the back office offers for each kind of order: a parcel has an address, a pickup a
 * time to collect, and a courier's parcel comes back uncollected from its office, refused or misrouted.
 */
export const failureReasonsFor: Record<FailureKind, readonly DeliveryFailureReason[]> = {
  delivery: ["refused", "unreachable", "wrong_address", "other"],
  pickup: ["not_collected", "refused", "unreachable", "other"],
  courier: ["not_collected", "refused", "wrong_office", "other"],
};

/** Whose failure an order's would be: a pickup's, a courier's (by the parcel's courier, else the county's), or the rider's. */
export function failureKindOf(order: {
  fulfilment: FulfilmentKind;
  carrier: "rider" | "courier";
  shipmentKind?: "rider" | "courier";
}): FailureKind {
  if (order.fulfilment === "pickup") return "pickup";
  return (order.shipmentKind ?? order.carrier) === "courier" ? "courier" : "delivery";
}

export const deliveryFailureMessages = {
  reason: "Choose a reason from the list.",
  note: "Say what happened.",
} as const;

/** The reason as chosen, or null; 'Other' needs a note to say what it was. */
export function parseDeliveryFailure(
  reason: unknown,
  note: string,
): { ok: true; note: string } | { ok: false; field: "failureReason" | "note"; error: string } {
  const known = deliveryFailureReasons.find((value) => value === reason);
  if (!known) return { ok: false, field: "failureReason", error: deliveryFailureMessages.reason };
  if (known === "other" && note === "") return { ok: false, field: "note", error: deliveryFailureMessages.note };
  return { ok: true, note: [`${deliveryFailureLabels[known]}.`, note].filter(Boolean).join(" ") };
}
