import "server-only";
import { paymentMethodLabels, payOnArrival } from "@/lib/orders/payment-copy";
import type { PaymentProvider } from "./provider";

/**
 * Paid to the rider on delivery, or at the pickup point: nothing to send, nobody to ask; staff's
 * 'Delivered' or 'Collected' records the money (lib/orders/status-changes.ts).
 */
export const payOnDelivery: PaymentProvider = {
  method: "pay_on_delivery",
  words: { label: paymentMethodLabels.pay_on_delivery, note: payOnArrival.delivery.note },
  paidBy: () => "cash",
  start: async () => ({ next: "order_page" }),
  askOutcome: async () => {},
  refund: { by: "staff" },
};
