import "server-only";
import { theShop } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { mpesaMessages } from "@/lib/orders/payment-copy";
import type { MpesaConfig } from "./config";
import { daraja } from "./daraja";
import { recordMpesaOutcome } from "./outcome";

/**
 * Asks M-Pesa (STK Query) where one push stands and records its answer once it is done; past the
 * give-up time, records that M-Pesa did not answer. Still processing, or Daraja unreachable: nothing.
 */
export async function askAboutPush(
  db: Database,
  config: MpesaConfig,
  attempt: { id: number; checkoutRequestId: string | null; createdAt: Date },
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  if (Date.now() - attempt.createdAt.getTime() > config.timers.giveUpMs) {
    await recordMpesaOutcome(db, attempt.id, { resultCode: null, resultDesc: mpesaMessages.noAnswer }, theShop);
    return;
  }
  if (!attempt.checkoutRequestId) return;
  const answer = await daraja(db, config, fetchImpl).stkQuery(attempt.checkoutRequestId);
  if (answer.ok && answer.state === "done") {
    await recordMpesaOutcome(db, attempt.id, { resultCode: answer.resultCode, resultDesc: answer.resultDesc }, theShop);
  }
}
