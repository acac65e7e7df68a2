import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { orders, payments } from "@/lib/db/schema";
import { pesapalMessages } from "@/lib/orders/payment-copy";
import { site } from "@/lib/site";
import { pesapal } from "./client";
import type { PesapalConfig } from "./config";

export type PesapalStart = { ok: true; redirectUrl: string } | { ok: false; error: string };

/**
 * Sends an order's pending Pesapal attempt that has not gone out yet (SubmitOrderRequest): the page to
 * send the shopper to, in the whole window. A refusal fails that attempt only (the order and its
 * stock stay; the shopper may try again or pay another way).
 */
export async function submitPesapalAttempt(
  db: Database,
  config: PesapalConfig,
  paymentId: number,
  fetchImpl: typeof fetch = fetch,
): Promise<PesapalStart> {
  const [attempt] = await db
    .select({
      id: payments.id,
      amount: payments.amount,
      number: orders.number,
      fullName: orders.fullName,
      email: orders.email,
      phone: orders.phone,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.method, "pesapal"),
        eq(payments.status, "pending"),
        isNull(payments.trackingId),
      ),
    );
  if (!attempt) return { ok: false, error: pesapalMessages.refused };
  const [firstName, ...rest] = attempt.fullName.split(/\s+/);
  const submitted = await pesapal(db, config, fetchImpl).submitOrder({
    reference: pesapalReference(attempt.number, attempt.id),
    amount: attempt.amount,
    description: `${site.name} order ${attempt.number}`.slice(0, 100),
    billing: { email: attempt.email, phone: attempt.phone, firstName, lastName: rest.join(" ") },
  });
  if (!submitted.ok) {
    await db
      .update(payments)
      .set({ status: "failed", resultDesc: pesapalMessages.refused, outcomeAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(payments.id, attempt.id));
    return { ok: false, error: pesapalMessages.refused };
  }
  await db
    .update(payments)
    .set({
      trackingId: submitted.trackingId,
      nextCheckAt: sql`now() + make_interval(secs => ${config.timers.firstCheckMs / 1000})`,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, attempt.id));
  return { ok: true, redirectUrl: submitted.redirectUrl };
}

/** The merchant reference of one attempt: the order number and the attempt's id, unique and at most 50 characters. */
export const pesapalReference = (orderNumber: string, paymentId: number) => `${orderNumber}-${paymentId}`.slice(0, 50);

export type NewAttempt = { ok: true; paymentId: number } | { ok: false; error: string };

/** 'Try again' after a declined or refused card payment: a new Pesapal attempt of a still unpaid order. */
export async function newPesapalAttempt(db: Database, orderId: number): Promise<NewAttempt> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    const [latest] = await tx.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.id)).limit(1);
    if (!order || order.status !== "placed" || latest?.status !== "failed")
      return { ok: false as const, error: pesapalMessages.notPayable };
    const [attempt] = await tx
      .insert(payments)
      .values({ orderId: order.id, method: "pesapal", amount: order.total })
      .returning({ id: payments.id });
    return { ok: true as const, paymentId: attempt.id };
  });
}
