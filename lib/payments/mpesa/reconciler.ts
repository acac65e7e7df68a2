import "server-only";
import { and, eq, exists, gt, inArray, isNotNull, isNull, lte, not, or, sql } from "drizzle-orm";
import { theShop } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { c2bPayments, orders, payments } from "@/lib/db/schema";
import { updateOrderStatus } from "@/lib/orders/status-changes";
import { mpesaMessages } from "@/lib/orders/payment-copy";
import type { MpesaConfig } from "./config";
import { askAboutPush } from "./ask-push";

/**
 * One round of the reconciler, for callbacks that come late or never: asks M-Pesa about every push
 * that is due (from `firstCheck` after the push, then every `checkEvery`, for `giveUp` at most),
 * then cancels the orders whose payment window has passed. Its state is in the database, so a
 * restart picks up where it left off; one instance at a time claims the due pushes.
 */
export async function reconcileMpesa(db: Database, config: MpesaConfig, fetchImpl: typeof fetch = fetch): Promise<void> {
  // Still processing, or Daraja unreachable: the claim already set the next check.
  for (const attempt of await claimDueAttempts(db, config)) await askAboutPush(db, config, attempt, fetchImpl);
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
 * Cancels, with its stock put back and the shopper told, every order still waiting for M-Pesa
 * (no payment made, no switch to pay on delivery) whose hold has ended: its payment window, or
 * sooner the short hold of its latest prompt, which Daraja has not accepted or which was refused,
 * cancelled or failed. So a script of unpaid orders holds stock for minutes, not the whole window.
 * A part paid by Paybill holds the order for a window from its arrival; after that, what it held is
 * owed back when the order closes.
 */
export async function expireUnpaidOrders(db: Database, config: Pick<MpesaConfig, "timers">): Promise<string[]> {
  const { windowMs, promptHoldMs, failedHoldMs } = config.timers;
  const ago = (ms: number) => sql`now() - make_interval(secs => ${ms / 1000})`;
  const paidOrOnDelivery = db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orders.id), sql`(${payments.status} = 'paid' or ${payments.method} = 'pay_on_delivery')`));
  // Pesapal's unpaid orders are held by the same rules (its attempt not yet sent is an unaccepted prompt).
  const byMpesa = db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orders.id), inArray(payments.method, ["mpesa", "pesapal"])));
  const latest = sql`(select max(p.id) from ${payments} p where p.order_id = ${orders.id})`;
  const shortHoldEnded = db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.id, latest),
        or(
          and(
            eq(payments.status, "pending"),
            isNull(sql`coalesce(${payments.checkoutRequestId}, ${payments.trackingId})`),
            lte(payments.createdAt, ago(promptHoldMs)),
          ),
          and(eq(payments.status, "failed"), lte(payments.outcomeAt, ago(failedHoldMs))),
        ),
      ),
    );
  // A shopper paying by Paybill in parts is visibly paying: each part gives the order a window more.
  const partPaidLately = db
    .select({ id: c2bPayments.id })
    .from(c2bPayments)
    .where(and(eq(c2bPayments.orderId, orders.id), eq(c2bPayments.status, "held"), gt(c2bPayments.receivedAt, ago(windowMs))));
  const windowEnded = lte(orders.createdAt, ago(windowMs));
  const expired = await db
    .select({ number: orders.number, windowEnded: sql<boolean>`${windowEnded}` })
    .from(orders)
    .where(
      and(
        eq(orders.status, "placed"),
        or(windowEnded, exists(shortHoldEnded)),
        exists(byMpesa),
        not(exists(paidOrOnDelivery)),
        not(exists(partPaidLately)),
      ),
    );
  const minutes = Math.round(config.timers.windowMs / 60_000);
  for (const { number, windowEnded: late } of expired) {
    await updateOrderStatus(db, {
      number,
      status: "cancelled",
      expectedStatus: "placed",
      note: late ? `Not paid by M-Pesa within ${minutes} minutes.` : mpesaMessages.promptEnded,
      actor: theShop,
      // Nothing was paid: the page and the e-mail say so. A text would let a stranger make the shop
      // text any number typed at checkout (SMS pumping).
      text: false,
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
