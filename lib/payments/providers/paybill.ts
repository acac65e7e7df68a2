import "server-only";
import { paybillWords } from "@/lib/orders/payment-copy";
import type { PaymentProvider } from "./provider";

/**
 * M-Pesa Paybill or Till, paid by hand towards an M-Pesa order (lib/payments/mpesa/c2b.ts): nothing
 * to send, and its outcome arrives as M-Pesa's confirmation, or from the Transaction Status query
 * staff start with the payment's code (lib/payments/mpesa/code-check.ts): an attempt has no id to ask by.
 */
export const paybill: PaymentProvider = {
  method: "mpesa",
  words: paybillWords,
  paidBy: () => "mobileMoney",
  start: async () => ({ next: "order_page" }),
  askOutcome: async () => {},
  refund: { by: "staff" },
};
