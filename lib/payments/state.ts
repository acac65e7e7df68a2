import type { PaymentMethod } from "@/lib/db/values";
import type { OrderView, PaymentView } from "@/lib/orders/order-view";
import { mpesaMessages, pesapalMessages } from "@/lib/orders/payment-copy";
import { isClosed } from "@/lib/orders/status";

/** A way to pay at checkout that takes the money before delivery (M-Pesa's prompt, Pesapal's page). */
type PaidAhead = Exclude<PaymentMethod, "pay_on_delivery">;

/** Where an order's payment stands, as its shopper reads it. */
export type PaymentState =
  | { kind: "pay_on_delivery"; paid: boolean }
  | { kind: "awaiting"; method: PaidAhead; amount: number }
  | { kind: "paid"; method: PaidAhead; amount: number; receipt: string | null }
  | { kind: "failed"; method: PaidAhead; message: string; phone: string | null }
  | { kind: "none" };

export function paymentState(order: Pick<OrderView, "status" | "payments">): PaymentState {
  // A closed order is owed nothing more, and what it paid is owed back (its refunds say so).
  if (isClosed(order.status)) return { kind: "none" };
  const paid = order.payments.find((payment) => payment.method !== "pay_on_delivery" && payment.status === "paid");
  if (paid && paid.method !== "pay_on_delivery")
    return { kind: "paid", method: paid.method, amount: paid.amount, receipt: paid.receipt };
  const latest = order.payments[order.payments.length - 1];
  if (!latest) return { kind: "none" };
  if (latest.method === "pay_on_delivery") return { kind: "pay_on_delivery", paid: latest.status === "paid" };
  if (latest.status === "pending") return { kind: "awaiting", method: latest.method, amount: latest.amount };
  if (latest.status === "failed")
    return { kind: "failed", method: latest.method, message: failureMessage(latest), phone: latest.phone };
  return { kind: "none" };
}

/** The provider's result in plain words, or the shop's own reason when the payment never went out. */
export function failureMessage(payment: Pick<PaymentView, "method" | "resultCode" | "resultDesc">): string {
  if (payment.method === "pesapal") {
    const ownReasons: (string | null)[] = [pesapalMessages.refused, pesapalMessages.noAnswer];
    return ownReasons.includes(payment.resultDesc) ? payment.resultDesc! : pesapalMessages.declined;
  }
  return payment.resultCode !== null
    ? mpesaMessages.failed(payment.resultCode)
    : (payment.resultDesc ?? mpesaMessages.failed(null));
}
