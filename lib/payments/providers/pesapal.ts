import "server-only";
import { eq } from "drizzle-orm";
import { payments } from "@/lib/db/schema";
import { pesapalWords } from "@/lib/orders/payment-copy";
import { submitPesapalAttempt } from "../pesapal/attempt";
import { pesapalConfig } from "../pesapal/config";
import { settleByStatus } from "../pesapal/notification";
import { pesapalPaidBy } from "../pesapal/status";
import type { PaymentProvider } from "./provider";

/** Pesapal's hosted page (cards, Airtel Money, M-Pesa): the shopper is sent there, and only its status query counts. */
export const pesapalProvider: PaymentProvider = {
  method: "pesapal",
  words: pesapalWords,
  paidBy: pesapalPaidBy,
  async start(db, attempt) {
    const config = pesapalConfig();
    const started = config && (await submitPesapalAttempt(db, config, attempt.paymentId));
    // Refused, or not set up: the order's page says so and offers another try or another way to pay.
    return started && started.ok ? { next: "redirect", url: started.redirectUrl } : { next: "order_page" };
  },
  async askOutcome(db, paymentId) {
    const config = pesapalConfig();
    const [attempt] = await db.select({ trackingId: payments.trackingId }).from(payments).where(eq(payments.id, paymentId));
    if (config && attempt?.trackingId) await settleByStatus(db, config, attempt.trackingId);
  },
  refund: { by: "provider" },
};
