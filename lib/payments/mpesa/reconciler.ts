import "server-only";
import { and, eq, exists, inArray, isNotNull, isNull, lte, not, or, sql } from "drizzle-orm";
import { theShop } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { c2bPayments, orders, payments } from "@/lib/db/schema";
import { updateOrderStatus } from "@/lib/orders/status-changes";
import { mpesaMessages, unpaidCancelledNote } from "@/lib/orders/payment-copy";
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
 * cancelled or failed (that hold counted from the order's first failed prompt). So a script of unpaid orders holds stock for minutes, not the whole window.
 * Paybill parts that add up to half its total or more hold the order for a window from the part that
 * reached half; after that, what it held is owed back when the order closes.
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
  const firstFailedAt = sql`(select min(p.outcome_at) from ${payments} p where p.order_id = ${orders.id} and p.method in ('mpesa', 'pesapal') and p.status = 'failed')`;
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
          // Counted from the order's first failed attempt: 'Try again' must not restart it each time.
          and(eq(payments.status, "failed"), lte(firstFailedAt, ago(failedHoldMs))),
        ),
      ),
    );
  // A shopper paying by Paybill in parts is visibly paying, once the parts are a real share of the
  // total: the order then keeps a window from the part that made them so. Smaller parts, or parts
  // after it, extend nothing (a shilling per window would otherwise hold the stock for ever).
  const partPaidLately = sql`coalesce((${shareReachedAt}) > ${ago(windowMs)}, false)`;
  const windowEnded = lte(orders.createdAt, ago(windowMs));
  const expired = await db
    .select({
      number: orders.number,
      windowEnded: sql<boolean>`${windowEnded}`,
      method: sql<"mpesa" | "pesapal">`(select p.method from ${payments} p where p.id = ${latest})`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.status, "placed"),
        or(windowEnded, exists(shortHoldEnded)),
        exists(byMpesa),
        not(exists(paidOrOnDelivery)),
        not(partPaidLately),
      ),
    );
  const minutes = Math.round(config.timers.windowMs / 60_000);
  for (const { number, windowEnded: late, method } of expired) {
    await updateOrderStatus(db, {
      number,
      status: "cancelled",
      expectedStatus: "placed",
      note: unpaidCancelledNote(method, late ? minutes : null),
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

/**
 * When an order's held Paybill/Till parts first reached half its total (the arrival of the part that
 * did it), or null while they have not: a correlated subquery on `orders`.
 */
const shareReachedAt = sql`select min(part.received_at) from (
    select ${c2bPayments.receivedAt} as received_at,
      sum(${c2bPayments.amount}) over (order by ${c2bPayments.receivedAt}, ${c2bPayments.id}) as running
    from ${c2bPayments}
    where ${c2bPayments.orderId} = ${orders.id} and ${c2bPayments.status} = 'held'
  ) part
  where part.running * 2 >= ${orders.total}`;
