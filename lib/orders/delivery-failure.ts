/** Why a parcel came back from a delivery attempt: the back office's list, its words, and its rule. Framework-free. */

export const deliveryFailureReasons = ["refused", "unreachable", "wrong_address", "other"] as const;
export type DeliveryFailureReason = (typeof deliveryFailureReasons)[number];

export const deliveryFailureLabels: Record<DeliveryFailureReason, string> = {
  refused: "Refused by the buyer",
  unreachable: "Buyer unreachable",
  wrong_address: "Wrong address",
  other: "Other",
};

export const deliveryFailureMessages = {
  reason: "Choose why the delivery failed.",
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
