import { z } from "zod";

// Pesapal's GetTransactionStatus answer, parsed once, and what it means for one payment. Framework-free.

/** The fields of GetTransactionStatus the shop reads; anything else is ignored. */
export const transactionStatusAnswer = z.object({
  status_code: z.coerce.number().int(),
  amount: z.coerce.number().optional(),
  currency: z.string().optional(),
  payment_method: z.string().nullish(),
  confirmation_code: z.string().nullish(),
  payment_status_description: z.string().nullish(),
  description: z.string().nullish(),
  merchant_reference: z.string().nullish(),
});
export type TransactionStatusAnswer = z.infer<typeof transactionStatusAnswer>;

/** What Pesapal says of a payment: only its status query counts, never what a callback or notification claims. */
export type PesapalOutcome =
  | { kind: "completed"; amount: number; confirmationCode: string; channel: string }
  | { kind: "failed"; description: string }
  | { kind: "reversed" }
  | { kind: "pending" };

/**
 * `status_code` 1 completed, 2 failed, 3 reversed; 0 (invalid, or not yet paid: a mobile payment can
 * stay so a while after the shopper returns) and anything unknown wait for the next question.
 */
export function pesapalOutcome(answer: TransactionStatusAnswer): PesapalOutcome {
  switch (answer.status_code) {
    case 1:
      // A completion without its amount or code is not one the shop can count or refund.
      if (answer.amount === undefined || !answer.confirmation_code) return { kind: "pending" };
      return {
        kind: "completed",
        amount: answer.amount,
        confirmationCode: answer.confirmation_code,
        channel: answer.payment_method ?? "",
      };
    case 2:
      return { kind: "failed", description: answer.description || answer.payment_status_description || "" };
    case 3:
      return { kind: "reversed" };
    default:
      return { kind: "pending" };
  }
}

/**
 * Whether a payment was made by card (Visa, Mastercard, American Express…) rather than mobile money
 * (M-Pesa, Airtel Money): cards may be refunded in part, mobile money only in full.
 */
export function paidByCard(channel: string | null): boolean {
  return channel !== null && /visa|master|amex|american|card|diners|union/i.test(channel);
}

/** eTIMS's payment type of money paid through Pesapal: a card's, or mobile money's. */
export const pesapalPaidBy = (payment: { channel: string | null }): "card" | "mobileMoney" =>
  paidByCard(payment.channel) ? "card" : "mobileMoney";

/** An IPN's or callback's ids, as Pesapal sends them (query string or JSON body); null when either is missing. */
export const notificationIds = z.object({
  OrderTrackingId: z.string().trim().min(1).max(100),
  OrderMerchantReference: z.string().trim().max(100).default(""),
  OrderNotificationType: z.string().max(40).default(""),
});
export type NotificationIds = z.infer<typeof notificationIds>;

/** The IPN's answer Pesapal documents: its own ids back, with status 200 once recorded (500 asks it to try again). */
export function ipnAcknowledgement(ids: NotificationIds, recorded: boolean) {
  return {
    orderNotificationType: ids.OrderNotificationType,
    orderTrackingId: ids.OrderTrackingId,
    orderMerchantReference: ids.OrderMerchantReference,
    status: recorded ? 200 : 500,
  };
}
