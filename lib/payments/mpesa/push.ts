import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { reserveAttempt } from "@/lib/auth/throttle";
import type { Database } from "@/lib/db";
import { orders, payments } from "@/lib/db/schema";
import { switchedToPayOnDelivery } from "@/lib/orders/events";
import { orderLimits, reservePayOnDelivery, type OrderLimits } from "@/lib/checkout/limits";
import { mpesaMessages } from "@/lib/orders/payment-copy";
import type { MpesaConfig } from "./config";
import { daraja } from "./daraja";
import { mpesaPhone } from "./format";

export type PushResult = { ok: true } | { ok: false; error: string };

/**
 * Sends the PIN prompt for an order's pending M-Pesa attempt that has not gone out yet, within
 * the limits. Whatever happens is recorded on the attempt; a refusal fails that attempt only (the
 * order and its reserved stock stay, and the shopper may try again or pay on delivery).
 */
export async function sendStkPush(
  db: Database,
  config: MpesaConfig,
  input: { paymentId: number; clientAddress: string | null },
  fetchImpl: typeof fetch = fetch,
): Promise<PushResult> {
  const [attempt] = await db
    .select({ id: payments.id, phone: payments.phone, amount: payments.amount, number: orders.number })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.id, input.paymentId),
        eq(payments.method, "mpesa"),
        eq(payments.status, "pending"),
        isNull(payments.checkoutRequestId),
      ),
    );
  if (!attempt?.phone) return { ok: false, error: mpesaMessages.refused };

  const { windowMs, perPhone, perAddress } = config.pushLimits;
  const keys = [{ key: `mpesa-push:phone:${attempt.phone}`, max: perPhone, windowMs }];
  if (input.clientAddress) keys.push({ key: `mpesa-push:address:${input.clientAddress}`, max: perAddress, windowMs });
  const wait = await reserveAttempt(db, keys);
  if (wait > 0) return failAttempt(db, attempt.id, mpesaMessages.tooMany(wait));

  const answer = await daraja(db, config, fetchImpl).stkPush({
    amount: attempt.amount,
    phone: attempt.phone,
    accountReference: attempt.number,
    description: "Kijani order",
  });
  if (!answer.ok) return failAttempt(db, attempt.id, mpesaMessages.refused);
  await db
    .update(payments)
    .set({
      checkoutRequestId: answer.checkoutRequestId,
      nextCheckAt: sql`now() + make_interval(secs => ${config.timers.firstCheckMs / 1000})`,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, attempt.id));
  return { ok: true };
}

async function failAttempt(db: Database, paymentId: number, message: string): Promise<PushResult> {
  await db
    .update(payments)
    .set({ status: "failed", resultDesc: message, outcomeAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(payments.id, paymentId));
  return { ok: false, error: message };
}

export type RetryResult = { ok: true; paymentId: number } | { ok: false; error: string };

/**
 * 'Try again': a new M-Pesa attempt for an order that is still placed, unpaid, and whose last
 * attempt has ended; recorded as a new payment row, then pushed.
 */
export async function newMpesaAttempt(db: Database, input: { orderId: number; phone: unknown }): Promise<RetryResult> {
  const phone = mpesaPhone(input.phone);
  if (!phone) return { ok: false, error: mpesaMessages.phoneInvalid };
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
    const [latest] = await tx
      .select()
      .from(payments)
      .where(eq(payments.orderId, input.orderId))
      .orderBy(desc(payments.id))
      .limit(1);
    if (!order || order.status !== "placed" || !latest || !hasEnded(latest)) return { ok: false as const, error: notPayable };
    const [attempt] = await tx
      .insert(payments)
      .values({ orderId: order.id, method: "mpesa", phone, amount: order.total })
      .returning({ id: payments.id });
    return { ok: true as const, paymentId: attempt.id };
  });
}

/**
 * 'Pay on delivery instead': the order waits for the rider's payment and is confirmed by e-mail.
 * Unanswered M-Pesa attempts are still followed: if one is paid after all, it counts.
 */
export async function switchToPayOnDelivery(
  db: Database,
  orderId: number,
  guard: { clientAddress: string | null; limits?: OrderLimits } = { clientAddress: null },
): Promise<{ ok: true } | { ok: false; error: string }> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    const [latest] = await tx.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.id)).limit(1);
    if (!order || order.status !== "placed" || !latest || !isUnpaidMpesa(latest))
      return { ok: false as const, error: notPayable };
    // A switch makes a pay-on-delivery order: the same limits as choosing it at checkout.
    const buyer = { phone: order.phone, email: order.email, clientAddress: guard.clientAddress, total: order.total };
    const overLimit = await reservePayOnDelivery(tx, buyer, guard.limits ?? orderLimits());
    if (overLimit) return { ok: false as const, error: overLimit };
    await tx.insert(payments).values({ orderId, method: "pay_on_delivery", amount: order.total });
    await switchedToPayOnDelivery(tx, order, guard.clientAddress);
    return { ok: true as const };
  });
}

const notPayable = "This order cannot take a new payment now.";

type Attempt = typeof payments.$inferSelect;

/** Its attempt (M-Pesa's, or Pesapal's) failed, or its prompt never went out: a new prompt cannot make the shopper pay twice. */
const hasEnded = (latest: Attempt) =>
  latest.method !== "pay_on_delivery" &&
  (latest.status === "failed" || (latest.method === "mpesa" && latest.status === "pending" && !latest.checkoutRequestId));

/** Still waiting for M-Pesa or Pesapal, or failed: the shopper may choose to pay the rider instead. */
const isUnpaidMpesa = (latest: Attempt) =>
  latest.method !== "pay_on_delivery" && (latest.status === "failed" || latest.status === "pending");
