import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { payments } from "@/lib/db/schema";
import { mpesaPromptWords } from "@/lib/orders/payment-copy";
import { askAboutPush } from "../mpesa/ask-push";
import { mpesaConfig } from "../mpesa/config";
import { sendStkPush } from "../mpesa/push";
import type { PaymentProvider } from "./provider";

/** M-Pesa Express: a PIN prompt on the shopper's phone, its outcome from Daraja's STK Query. */
export const mpesaPrompt: PaymentProvider = {
  method: "mpesa",
  words: mpesaPromptWords,
  paidBy: () => "mobileMoney",
  async start(db, attempt) {
    // The prompt's outcome (or why it never went out) shows on the order's page.
    const config = mpesaConfig();
    if (config) await sendStkPush(db, config, attempt);
    return { next: "order_page" };
  },
  async askOutcome(db: Database, paymentId: number) {
    const config = mpesaConfig();
    const [attempt] = await db.select().from(payments).where(eq(payments.id, paymentId));
    if (config && attempt && !attempt.outcomeAt) await askAboutPush(db, config, attempt);
  },
  // Sent back by M-Pesa reversal, and recorded with its reference.
  refund: { by: "staff" },
};
