import { z } from "zod";
import { formatKsh } from "@/lib/catalog/price";
import { refundMethods, type RefundMethod, type RefundReason, type RefundStatus } from "@/lib/db/values";

// The refunds ledger's words and rules: what staff enter when they record a refund (the back office's
// form and recordRefund share it), and what the shopper reads.

export const refundMethodLabels: Record<RefundMethod, string> = { mpesa: "M-Pesa reversal", cash: "Cash" };

/** Why a refund is owed, as a history note and the order page say it. */
export const refundReasonLabels: Record<RefundReason, string> = {
  cancelled: "the order was cancelled",
  delivery_failed: "the parcel came back to the shop",
  return: "items were returned",
  paid_twice: "M-Pesa paid it twice",
};

export const refundMessages = {
  notDue: "No refund is due here, or it was already recorded.",
  method: "Choose how the money went back.",
  reference: "Enter the M-Pesa reference of the reversal (8 to 20 letters and digits).",
  amount: "A refund is a whole number of shillings above zero.",
  unknownOrder: "There is no such order.",
} as const;

/** A refund as its shopper reads it on the order page. */
export function refundLine(refund: { amount: number; status: RefundStatus; reference: string | null }): string {
  const amount = formatKsh(refund.amount);
  if (refund.status === "due") return `We owe you ${amount}: we are sending it back to your M-Pesa.`;
  return refund.reference ? `Refunded ${amount} to your M-Pesa, reference ${refund.reference}.` : `Refunded ${amount} in cash.`;
}

/** How a refund went back: an M-Pesa reversal needs its reference; cash has none. */
export const refundRecordSchema = z
  .object({
    method: z.enum(refundMethods, { error: refundMessages.method }),
    reference: z
      .string()
      .nullish()
      .transform((value) => value?.trim().toUpperCase() || null),
  })
  .transform(({ method, reference }) => ({ method, reference: method === "cash" ? null : reference }))
  .refine(({ method, reference }) => method === "cash" || /^[A-Z0-9]{8,20}$/.test(reference ?? ""), {
    message: refundMessages.reference,
    path: ["reference"],
  });

export type RefundRecord = z.output<typeof refundRecordSchema>;
