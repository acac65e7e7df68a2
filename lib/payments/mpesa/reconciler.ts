import "server-only";
import { and, eq, exists, inArray, isNotNull, isNull, lte, not, sql } from "drizzle-orm";
import { theShop } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { orders, payments } from "@/lib/db/schema";
import { updateOrderStatus } from "@/lib/orders/status-changes";
import { mpesaMessages } from "@/lib/orders/payment-copy";
import type { MpesaConfig } from "./config";
import { daraja } from "./daraja";
import { recordMpesaOutcome } from "./outcome";

/**
 * One round of the reconciler, for callbacks that come late or never: asks M-Pesa about every push
 * that is due (from `firstCheck` after the push, then every `checkEvery`, for `giveUp` at most),
 * then cancels the orders whose payment window has passed. Its state is in the database, so a
 * restart picks up where it left off; one instance at a time claims the due pushes.
 */
export async function reconcileMpesa(db: Database, config: MpesaConfig, fetchImpl: typeof fetch = fetch): Promise<void> {
  for (const attempt of await claimDueAttempts(db, config)) {
    if (Date.now() - attempt.createdAt.getTime() > config.timers.giveUpMs) {
      await recordMpesaOutcome(db, attempt.id, { resultCode: null, resultDesc: mpesaMessages.noAnswer }, theShop);
      continue;
    }
    const answer = await daraja(db, config, fetchImpl).stkQuery(attempt.checkoutRequestId!);
    if (answer.ok && answer.state === "done") {
      await recordMpesaOutcome(db, attempt.id, { resultCode: answer.resultCode, resultDesc: answer.resultDesc }, theShop);
    }
    // Still processing, or Daraja unreachable: the claim already set the next check.
  }
  await expireUnpaidOrders(db, config);
}

/** Pushes due for a question, claimed under an advisory lock by pushing their next check ahead. */
async function claimDueAttempts(db: Database, config: MpesaConfig) {
  return db.transaction(async (tx) => {
    const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(727003) as locked`)) as unknown as {
      rows: { locked: boolean }[];
    };
    if (!result.rows[0].locked) return [];
    const jitter = sql`make_interval(secs => ${config.timers.checkEveryMs / 1000} * (1 + random() * 0.2))`;
    return tx
      .update(payments)
      .set({ nextCheckAt: sql`now() + ${jitter}` })
      .where(and(isNull(payments.outcomeAt), isNotNull(payments.checkoutRequestId), lte(payments.nextCheckAt, sql`now()`)))
      .returning({ id: payments.id, checkoutRequestId: payments.checkoutRequestId, createdAt: payments.createdAt });
  });
}

/**
 * Cancels, with its stock put back and the shopper told by e-mail, every order still waiting for
 * M-Pesa when its window has passed: no payment made, no switch to pay on delivery.
 */
export async function expireUnpaidOrders(db: Database, config: MpesaConfig): Promise<string[]> {
  const paidOrOnDelivery = db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orders.id), sql`(${payments.status} = 'paid' or ${payments.method} = 'pay_on_delivery')`));
  const byMpesa = db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orders.id), eq(payments.method, "mpesa")));
  const expired = await db
    .select({ number: orders.number })
    .from(orders)
    .where(
      and(
        eq(orders.status, "placed"),
        lte(orders.createdAt, sql`now() - make_interval(secs => ${config.timers.windowMs / 1000})`),
        exists(byMpesa),
        not(exists(paidOrOnDelivery)),
      ),
    );
  const minutes = Math.round(config.timers.windowMs / 60_000);
  for (const { number } of expired) {
    await updateOrderStatus(db, {
      number,
      status: "cancelled",
      expectedStatus: "placed",
      note: `Not paid by M-Pesa within ${minutes} minutes.`,
      actor: theShop,
    });
  }
  // Pushes that never went out (a crash before the push) have no outcome to wait for.
  if (expired.length > 0) {
    await db
      .update(payments)
      .set({ status: "failed", resultDesc: mpesaMessages.noAnswer, outcomeAt: sql`now()` })
      .where(
        and(
          isNull(payments.checkoutRequestId),
          isNull(payments.outcomeAt),
          eq(payments.method, "mpesa"),
          inArray(
            payments.orderId,
            db
              .select({ id: orders.id })
              .from(orders)
              .where(
                inArray(
                  orders.number,
                  expired.map((order) => order.number),
                ),
              ),
          ),
        ),
      );
  }
  return expired.map((order) => order.number);
}
