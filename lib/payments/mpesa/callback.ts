import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { theShop } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { SMALL_BODY_MAX_BYTES } from "@/lib/http/body";
import { payments } from "@/lib/db/schema";
import { sameSecret } from "@/lib/secrets";
import type { MpesaConfig } from "./config";
import { daraja } from "./daraja";
import { recordMpesaOutcome, type OutcomeResult } from "./outcome";

/** What Daraja posts to the callback URL, parsed strictly: anything else changes nothing. */
export type MpesaCallback = {
  checkoutRequestId: string;
  resultCode: number;
  resultDesc: string;
  /** On success only, read by name (Daraja does not promise their order). */
  amount?: number;
  receipt?: string;
};

const item = z.object({ Name: z.string(), Value: z.union([z.string(), z.number()]).optional() });
const callbackBody = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string().max(100),
      CheckoutRequestID: z.string().min(1).max(100),
      ResultCode: z.number().int(),
      ResultDesc: z.string().max(500),
      CallbackMetadata: z.object({ Item: z.array(item).max(20) }).optional(),
    }),
  }),
});

/** The largest callback the route reads: a real one is well under 1 KB. */
export const CALLBACK_MAX_BYTES = SMALL_BODY_MAX_BYTES;

export function parseMpesaCallback(body: unknown): MpesaCallback | null {
  const parsed = callbackBody.safeParse(body);
  if (!parsed.success) return null;
  const { CheckoutRequestID, ResultCode, ResultDesc, CallbackMetadata } = parsed.data.Body.stkCallback;
  const callback: MpesaCallback = { checkoutRequestId: CheckoutRequestID, resultCode: ResultCode, resultDesc: ResultDesc };
  if (ResultCode !== 0) return callback;
  const value = (name: string) => CallbackMetadata?.Item.find((entry) => entry.Name === name)?.Value;
  const amount = value("Amount");
  const receipt = value("MpesaReceiptNumber");
  if (typeof amount !== "number" || !Number.isInteger(amount) || amount <= 0) return null;
  if (typeof receipt !== "string" || !/^[A-Z0-9]{8,20}$/.test(receipt)) return null;
  return { ...callback, amount, receipt };
}

/** Whether a callback's path token is the shop's (compared in constant time). */
export const isCallbackToken = (config: MpesaConfig, token: string) => sameSecret(token, config.callbackToken);

/**
 * Settles the attempt a callback is about with what the STK Query says, success and failure alike:
 * callbacks carry no signature, so one never changes a payment by itself. A callback may only add
 * the receipt of a payment the query confirms, when its amount is the attempt's. When the query
 * cannot answer yet, the reconciler will ask again.
 */
export async function settleFromCallback(
  db: Database,
  config: MpesaConfig,
  callback: MpesaCallback,
  fetchImpl: typeof fetch = fetch,
): Promise<OutcomeResult | "unknown" | "unconfirmed"> {
  const [attempt] = await db
    .select({ id: payments.id, amount: payments.amount })
    .from(payments)
    .where(eq(payments.checkoutRequestId, callback.checkoutRequestId));
  if (!attempt) return "unknown";
  const answer = await daraja(db, config, fetchImpl).stkQuery(callback.checkoutRequestId);
  if (!answer.ok || answer.state !== "done") return "unconfirmed";
  const receiptFits = answer.resultCode === 0 && callback.resultCode === 0 && callback.amount === attempt.amount;
  return recordMpesaOutcome(
    db,
    attempt.id,
    { resultCode: answer.resultCode, resultDesc: answer.resultDesc, receipt: receiptFits ? callback.receipt : undefined },
    theShop,
  );
}
