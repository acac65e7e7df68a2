import "server-only";
import { and, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { theShop } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { orders, payments } from "@/lib/db/schema";
import { pesapalMessages } from "@/lib/orders/payment-copy";
import { pesapal } from "./client";
import type { PesapalConfig } from "./config";
import { recordPesapalOutcome, type PesapalRecorded } from "./outcome";
import { ipnAcknowledgement, notificationIds, pesapalOutcome } from "./status";

export type Settled = { known: false } | { known: true; orderNumber: string; recorded: PesapalRecorded | "unasked" };

/**
 * A callback or notification about one tracking id: it carries ids only, so the shop asks Pesapal
 * (GetTransactionStatus) and records that answer once. An id the shop never sent changes nothing.
 * "unasked": Pesapal could not be asked now (the notification is not acknowledged, and comes again).
 */
export async function settleByStatus(
  db: Database,
  config: PesapalConfig,
  trackingId: string,
  fetchImpl: typeof fetch = fetch,
): Promise<Settled> {
  const [attempt] = await db
    .select({ id: payments.id, orderNumber: orders.number })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.trackingId, trackingId), eq(payments.method, "pesapal")));
  if (!attempt) return { known: false };
  const answer = await pesapal(db, config, fetchImpl).transactionStatus(trackingId);
  if (!answer) return { known: true, orderNumber: attempt.orderNumber, recorded: "unasked" };
  const recorded = await recordPesapalOutcome(db, attempt.id, pesapalOutcome(answer), theShop);
  return { known: true, orderNumber: attempt.orderNumber, recorded };
}

/**
 * One round of questions for payments whose callback and notification are late or lost: every
 * attempt that is due (pending, or with a refund requested) is asked about, from `firstCheck` after
 * it went out, then every `checkEvery`; a payment still pending past `giveUp` counts as failed. Its state is in the database, so a restart
 * picks up where it left off; one instance at a time claims the due attempts.
 */
export async function reconcilePesapal(db: Database, config: PesapalConfig, fetchImpl: typeof fetch = fetch): Promise<void> {
  for (const attempt of await claimDueAttempts(db, config)) {
    const settled = await settleByStatus(db, config, attempt.trackingId!, fetchImpl);
    const late = Date.now() - attempt.createdAt.getTime() > config.timers.giveUpMs;
    if (late && settled.known && (settled.recorded === "unchanged" || settled.recorded === "unasked")) {
      await db
        .update(payments)
        .set({ status: "failed", resultDesc: pesapalMessages.noAnswer, outcomeAt: sql`now()`, nextCheckAt: null })
        .where(and(eq(payments.id, attempt.id), isNull(payments.outcomeAt)));
    }
  }
}

async function claimDueAttempts(db: Database, config: PesapalConfig) {
  return db.transaction(async (tx) => {
    const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(727057) as locked`)) as unknown as {
      rows: { locked: boolean }[];
    };
    if (!result.rows[0].locked) return [];
    return tx
      .update(payments)
      .set({ nextCheckAt: sql`now() + make_interval(secs => ${config.timers.checkEveryMs / 1000})` })
      .where(and(eq(payments.method, "pesapal"), isNotNull(payments.trackingId), lte(payments.nextCheckAt, sql`now()`)))
      .returning({ id: payments.id, trackingId: payments.trackingId, createdAt: payments.createdAt });
  });
}

/**
 * Pesapal's notification (IPN), from its query string (GET) or JSON body (POST): the status query
 * decides, then the acknowledgement Pesapal documents, status 200 once the answer is recorded (500
 * asks Pesapal to send it again: an id the shop never sent, or Pesapal not answering now).
 */
export async function answerIpn(
  db: Database,
  config: PesapalConfig,
  fields: unknown,
): Promise<{ httpStatus: number; body: ReturnType<typeof ipnAcknowledgement> | { status: 500 } }> {
  const ids = notificationIds.safeParse(fields);
  if (!ids.success) return { httpStatus: 400, body: { status: 500 } };
  const settled = await settleByStatus(db, config, ids.data.OrderTrackingId);
  const recorded = settled.known && settled.recorded !== "unasked";
  return { httpStatus: 200, body: ipnAcknowledgement(ids.data, recorded) };
}

/**
 * The shopper back from Pesapal's page (its callback, ids only): the status query decides, as for a
 * notification; the order's page then says paid, pending or declined. Null for an id the shop never sent.
 */
export async function returnFromPesapal(db: Database, config: PesapalConfig, fields: unknown): Promise<string | null> {
  const ids = notificationIds.safeParse(fields);
  if (!ids.success) return null;
  const settled = await settleByStatus(db, config, ids.data.OrderTrackingId);
  return settled.known ? settled.orderNumber : null;
}
