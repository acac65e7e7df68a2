import type { OrderView, PaymentView } from "@/lib/orders/order-view";
import { mpesaMessages } from "@/lib/orders/payment-copy";
import { isClosed } from "@/lib/orders/status";

/** Where an order's payment stands, as its shopper reads it. */
export type PaymentState =
  | { kind: "pay_on_delivery"; paid: boolean }
  | { kind: "awaiting"; amount: number }
  | { kind: "paid"; amount: number; receipt: string | null }
  | { kind: "failed"; message: string; phone: string | null }
  | { kind: "none" };

export function paymentState(order: Pick<OrderView, "status" | "payments">): PaymentState {
  // A closed order is owed nothing more, and what it paid is owed back (its refunds say so).
  if (isClosed(order.status)) return { kind: "none" };
  const paid = order.payments.find((payment) => payment.method === "mpesa" && payment.status === "paid");
  if (paid) return { kind: "paid", amount: paid.amount, receipt: paid.receipt };
  const latest = order.payments[order.payments.length - 1];
  if (!latest) return { kind: "none" };
  if (latest.method === "pay_on_delivery") return { kind: "pay_on_delivery", paid: latest.status === "paid" };
  if (latest.status === "pending") return { kind: "awaiting", amount: latest.amount };
  if (latest.status === "failed") return { kind: "failed", message: failureMessage(latest), phone: latest.phone };
  return { kind: "none" };
}

/** M-Pesa's result in plain words, or the shop's own reason when the push never went out. */
export function failureMessage(payment: Pick<PaymentView, "resultCode" | "resultDesc">): string {
  return payment.resultCode !== null
    ? mpesaMessages.failed(payment.resultCode)
    : (payment.resultDesc ?? mpesaMessages.failed(null));
}
