/**
 * Why a parcel came back from a delivery attempt, or a pickup order was not collected: the back
 * office's lists, their words, and their rule. Framework-free.
 */
import type { FulfilmentKind } from "@/lib/db/values";

export const deliveryFailureReasons = ["refused", "unreachable", "wrong_address", "not_collected", "other"] as const;
export type DeliveryFailureReason = (typeof deliveryFailureReasons)[number];

export const deliveryFailureLabels: Record<DeliveryFailureReason, string> = {
  refused: "Refused by the buyer",
  unreachable: "Buyer unreachable",
  wrong_address: "Wrong address",
  not_collected: "Not collected in time",
  other: "Other",
};

/** The reasons the back office offers for each kind of order: a parcel has an address, a pickup a time to collect. */
export const failureReasonsFor: Record<FulfilmentKind, readonly DeliveryFailureReason[]> = {
  delivery: ["refused", "unreachable", "wrong_address", "other"],
  pickup: ["not_collected", "refused", "unreachable", "other"],
};

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
