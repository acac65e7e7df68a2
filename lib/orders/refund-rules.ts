import * as z from "zod/mini";
import { fieldErrorsOf } from "@/lib/core/form-schema";
import { formatKsh } from "@/lib/catalog/price";
import { refundMethods, type RefundChannel, type RefundReason, type RefundStatus } from "@/lib/db/values";

// The refunds ledger's words and rules: what staff enter when they record a refund (the back office's
// form and recordRefund share it), and what the shopper reads.

export const refundMethodLabels: Record<RefundChannel, string> = { mpesa: "M-Pesa reversal", cash: "Cash", pesapal: "Pesapal" };

/** Why a refund is owed, as a history note and the order page say it. */
export const refundReasonLabels: Record<RefundReason, string> = {
  cancelled: "the order was cancelled",
  delivery_failed: "the parcel came back to the shop",
  return: "items were returned",
  paid_twice: "M-Pesa paid it twice",
  overpaid: "M-Pesa paid more than the order's total",
};

export const refundMessages = {
  notDue: "No refund is due here, or it was already recorded.",
  method: "Choose how the money went back.",
  reference: "Enter the M-Pesa reference of the reversal (8 to 20 letters and digits).",
  amount: "A refund is a whole number of shillings above zero.",
  unknownOrder: "There is no such order.",
} as const;

/** The returns promise (Terms, home page, the delivery e-mail); `days` is the setting RETURN_WINDOW_DAYS. */
export const returnPolicy = (days: number) =>
  `If something does not fit, return it unworn, with its tags, within ${days} days of delivery for an exchange or a refund.`;

/** How a shopper asks for a return (Terms): the order page's 'Return or exchange' (components/orders/ReturnForm.tsx). */
export const howToReturn =
  "To return or exchange something, open your order from your account or from the link in your order e-mail, and choose 'Return or exchange'. We tell you by e-mail when we accept it and when it arrives.";

/** How money goes back (Terms); owedBack below says it for one order. */
export const refundPolicy =
  "A refund goes back by M-Pesa to the number that paid, or in cash when you paid the rider in cash. A paid order that is cancelled, or that comes back to us undelivered, is refunded in full; an order to be paid on delivery that never arrives owes nothing.";

/** What a closed order (cancelled, or returned to the shop) owes its shopper: e-mail, bell and order page. */
export const owedBack = (owed: number) =>
  owed > 0 ? `We owe you ${formatKsh(owed)} and are sending it back to your M-Pesa.` : "Nothing is owed.";

/** A refund as its shopper reads it on the order page. */
export function refundLine(refund: {
  amount: number;
  status: RefundStatus;
  reference: string | null;
  method?: RefundChannel | null;
}): string {
  const amount = formatKsh(refund.amount);
  if (refund.status === "due") return `We owe you ${amount}: we are sending it back to your M-Pesa.`;
  if (refund.status === "requested") return `Refund of ${amount} requested: Pesapal sends it back the way you paid.`;
  if (refund.method === "pesapal") return `Refunded ${amount} through Pesapal, the way you paid.`;
  return refund.reference ? `Refunded ${amount} to your M-Pesa, reference ${refund.reference}.` : `Refunded ${amount} in cash.`;
}

/** How a refund went back: an M-Pesa reversal needs its reference; cash has none. */
export const refundRecordSchema = z
  .pipe(
    z.object({
      method: z.enum(refundMethods, { error: refundMessages.method }),
      reference: z.pipe(
        z.nullish(z.string()),
        z.transform((value) => value?.trim().toUpperCase() || null),
      ),
    }),
    z.transform(({ method, reference }) => ({ method, reference: method === "cash" ? null : reference })),
  )
  .check(
    z.refine(({ method, reference }) => method === "cash" || /^[A-Z0-9]{8,20}$/.test(reference ?? ""), {
      message: refundMessages.reference,
      path: ["reference"],
    }),
  );

export type RefundRecord = z.output<typeof refundRecordSchema>;

/** The browser's check of the refund form, with the server's messages. */
export const refundRecordErrors = fieldErrorsOf<"method" | "reference">(refundRecordSchema);
