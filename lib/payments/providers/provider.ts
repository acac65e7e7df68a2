import type { Database } from "@/lib/db";
import type { PaymentMethod } from "@/lib/db/values";
import type { PaidBy } from "@/lib/invoices/issue";

/**
 * One way to pay, behind the same parts whichever provider takes the money: start a payment, learn
 * its outcome by asking the provider (never from what a callback claims), refund, eTIMS's payment
 * type, and its words. Each way records one `payments` row per attempt (status, amount, paid_at).
 */
export type PaymentProvider = {
  /** The `payments.method` its attempts are recorded under. */
  method: PaymentMethod;
  /** Its name and what the shopper is told when choosing it. */
  words: { label: string; note: string };
  /** eTIMS's payment type for money received this way (lib/invoices/issue.ts), by how it was paid (a card, mobile money). */
  paidBy: (payment: { channel: string | null }) => PaidBy;
  /**
   * Sends out an order's pending attempt once the order is stored (outside its transaction): what
   * the shopper is shown next, the order's page or the provider's own page.
   */
  start(db: Database, attempt: StartedAttempt): Promise<PaymentStart>;
  /** Asks the provider where one attempt stands and records its answer once; a no-op for a way that has none to ask. */
  askOutcome(db: Database, paymentId: number): Promise<void>;
  /**
   * How money paid this way goes back: sent by staff and recorded (lib/payments/refunds.ts), or
   * requested of the provider, which approves it later (lib/payments/pesapal/refunds.ts).
   */
  refund: { by: "staff" | "provider" };
};

export type StartedAttempt = { paymentId: number; clientAddress: string | null };

export type PaymentStart = { next: "order_page" } | { next: "redirect"; url: string };
