import "server-only";
import { and, eq, gte, inArray, isNull } from "drizzle-orm";
import { theShop, type Actor } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { c2bPayments, orders, payments } from "@/lib/db/schema";
import { c2bMessages } from "@/lib/orders/payment-copy";
import { isClosed } from "@/lib/orders/status";
import type { MpesaConfig } from "./config";
import { applyC2bToOrder, type C2bApplied } from "./c2b-apply";
import { msisdnFits, msisdnIs, orderNumberOfAccount, typedMpesaCode, type C2bNotice } from "./c2b-parse";
import { mpesaPhone } from "./format";

/** What one confirmation did: applied to an order, kept for staff, or nothing (its code was recorded already). */
export type C2bRecorded = { ok: true; outcome: C2bApplied | "unmatched" | "duplicate"; orderNumber: string | null };

/**
 * Records a Paybill/Till payment Daraja confirmed, exactly once per M-Pesa code: the row's unique
 * code makes a second copy, even one that arrives at the same moment, wait for the first and then
 * change nothing. In the same transaction it is matched to an order and applied (applyC2bToOrder),
 * or kept 'unmatched' for staff.
 */
export async function recordC2bPayment(db: Database, config: MpesaConfig, notice: C2bNotice): Promise<C2bRecorded> {
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(c2bPayments)
      .values({
        transId: notice.transId,
        kind: notice.kind,
        amount: notice.amount,
        account: notice.account,
        msisdn: notice.msisdn,
        payerName: notice.payerName,
        status: "unmatched",
      })
      .onConflictDoNothing({ target: c2bPayments.transId })
      .returning({ id: c2bPayments.id });
    if (!stored) return { ok: true as const, outcome: "duplicate" as const, orderNumber: null };
    const [sameReceipt] = await tx
      .select({ id: payments.id, orderId: payments.orderId })
      .from(payments)
      .where(eq(payments.providerReference, notice.transId));
    const byAccount = notice.kind === "paybill" || notice.account !== "";
    const named = byAccount ? await orderNamed(tx, notice.account) : null;
    // A prompt's payment that awaits its receipt is looked for first: its money must never pay another order.
    const prompt = sameReceipt ?? (await promptPaidWithoutReceipt(tx, config, notice, named?.id));
    if (prompt) {
      // A PIN prompt's payment, which M-Pesa also reports here: its money is counted already.
      await tx.update(payments).set({ providerReference: notice.transId }).where(eq(payments.id, prompt.id));
      await tx
        .update(c2bPayments)
        .set({ status: "applied", orderId: prompt.orderId, paymentId: prompt.id })
        .where(eq(c2bPayments.id, stored.id));
      return { ok: true as const, outcome: "duplicate" as const, orderNumber: null };
    }
    const order = byAccount ? named : await tillOrder(tx, config, notice);
    if (!order) return { ok: true as const, outcome: "unmatched" as const, orderNumber: null };
    const outcome = await applyC2bToOrder(tx, { id: stored.id, ...notice }, order.id, theShop);
    return { ok: true as const, outcome, orderNumber: order.number };
  });
}

/** The order a Paybill's account names by number (so does the order number staff give with a code they check). */
async function orderNamed(tx: Database, account: string) {
  const number = orderNumberOfAccount(account);
  if (!number) return null;
  const [order] = await tx.select({ id: orders.id, number: orders.number }).from(orders).where(eq(orders.number, number));
  return order ?? null;
}

/**
 * The order a Till payment is for: it has no account, so the payer's number, whole or hashed (a
 * masked one could be anyone's with the same visible digits), and the exact amount must fit exactly
 * one open, unpaid order placed within the payment window; anything less certain stays unmatched.
 */
async function tillOrder(tx: Database, config: MpesaConfig, notice: C2bNotice) {
  if (!notice.msisdn) return null;
  const since = new Date(Date.now() - config.timers.windowMs);
  const candidates = await tx
    .select({ id: orders.id, number: orders.number, phone: orders.phone, status: orders.status })
    .from(orders)
    .where(and(eq(orders.total, notice.amount), gte(orders.createdAt, since), inArray(orders.status, ["placed", "confirmed"])));
  const open = [];
  for (const order of candidates) {
    const phones = await tx
      .select({ phone: payments.phone, status: payments.status })
      .from(payments)
      .where(eq(payments.orderId, order.id));
    if (phones.some((payment) => payment.status === "paid")) continue;
    const numbers = [mpesaPhone(order.phone), ...phones.map((payment) => payment.phone)].filter((phone) => phone !== null);
    if (numbers.some((phone) => msisdnIs(notice.msisdn, phone))) open.push(order);
  }
  return open.length === 1 ? open[0] : null;
}

/**
 * The PIN-prompt payment this confirmation reports, when the STK Query settled it (the query gives no
 * receipt): paid, with no receipt yet, of the same amount from the payer's phone (a masked number
 * fits); on the order the account names, or (a Till) the one such payment within the payment window. Should it truly have been a second
 * payment, staff add its code from the statement.
 */
async function promptPaidWithoutReceipt(tx: Database, config: MpesaConfig, notice: C2bNotice, orderId?: number) {
  // A Paybill account that named no order is not guessed at; a Till names none, and its prompt's order is paid, not open.
  if (!orderId && notice.kind !== "till") return null;
  const prompts = await tx
    .select({ id: payments.id, orderId: payments.orderId, phone: payments.phone })
    .from(payments)
    .where(
      and(
        orderId ? eq(payments.orderId, orderId) : gte(payments.paidAt, new Date(Date.now() - config.timers.windowMs)),
        eq(payments.status, "paid"),
        eq(payments.method, "mpesa"),
        eq(payments.amount, notice.amount),
        // A Paybill payment's row always has its code.
        isNull(payments.providerReference),
      ),
    );
  const fitting = prompts.filter((prompt) => prompt.phone !== null && msisdnFits(notice.msisdn, prompt.phone));
  return fitting.length === 1 ? fitting[0] : null;
}

/**
 * Daraja's validation, when Safaricom enabled it: a Paybill account that names no open, unpaid order
 * is refused with Daraja's invalid-account code; everything else (a Till, or a payment for an order
 * that can take it) is accepted. One indexed read, so it answers well within Daraja's few seconds.
 */
export async function validateC2bPayment(db: Database, notice: C2bNotice): Promise<{ accept: boolean }> {
  if (notice.kind === "till") return { accept: true };
  const number = orderNumberOfAccount(notice.account);
  if (!number) return { accept: false };
  const [order] = await db.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.number, number));
  if (!order || isClosed(order.status)) return { accept: false };
  const [paid] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, "paid")))
    .limit(1);
  return { accept: paid === undefined };
}

/** Daraja's answers to validation: accepted, or refused as an invalid account number. */
export const c2bValidationAnswer = (accept: boolean) =>
  accept ? { ResultCode: "0", ResultDesc: "Accepted" } : { ResultCode: "C2B00012", ResultDesc: "Rejected" };

export type C2bStaffResult = { ok: true; message: string } | { ok: false; error: string };

/** Staff assign an unmatched payment to an order by its number; the rules of a matched payment then apply. */
export async function assignC2bPayment(
  db: Database,
  input: { c2bId: number; orderNumber: unknown; actor: Actor },
): Promise<C2bStaffResult> {
  const number = typeof input.orderNumber === "string" ? orderNumberOfAccount(input.orderNumber) : null;
  if (!number) return { ok: false, error: c2bMessages.unknownOrder };
  return db.transaction(async (tx) => {
    const [c2b] = await tx.select().from(c2bPayments).where(eq(c2bPayments.id, input.c2bId)).for("update");
    if (!c2b || c2b.status !== "unmatched") return { ok: false as const, error: c2bMessages.notUnmatched };
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.number, number));
    if (!order) return { ok: false as const, error: c2bMessages.unknownOrder };
    await tx.update(c2bPayments).set({ resolvedBy: input.actor.label }).where(eq(c2bPayments.id, c2b.id));
    await applyC2bToOrder(tx, c2b, order.id, input.actor);
    return { ok: true as const, message: c2bMessages.assigned(number) };
  });
}

/** Staff sent an unmatched payment back (an M-Pesa reversal, with its reference): recorded once. */
export async function refundUnmatchedC2b(
  db: Database,
  input: { c2bId: number; reference: unknown; actor: Actor },
): Promise<C2bStaffResult> {
  const reference = typedMpesaCode.safeParse(input.reference);
  if (!reference.success) return { ok: false, error: c2bMessages.unknownCode };
  const [refunded] = await db
    .update(c2bPayments)
    .set({ status: "refunded", refundReference: reference.data, resolvedBy: input.actor.label })
    .where(and(eq(c2bPayments.id, input.c2bId), eq(c2bPayments.status, "unmatched")))
    .returning({ id: c2bPayments.id });
  return refunded ? { ok: true, message: c2bMessages.refunded } : { ok: false, error: c2bMessages.notUnmatched };
}

/** The staff list 'Unmatched M-Pesa payments', oldest first. */
export function listUnmatchedC2b(db: Database) {
  return db
    .select({
      id: c2bPayments.id,
      transId: c2bPayments.transId,
      kind: c2bPayments.kind,
      amount: c2bPayments.amount,
      account: c2bPayments.account,
      msisdn: c2bPayments.msisdn,
      payerName: c2bPayments.payerName,
      receivedAt: c2bPayments.receivedAt,
    })
    .from(c2bPayments)
    .where(eq(c2bPayments.status, "unmatched"))
    .orderBy(c2bPayments.receivedAt, c2bPayments.id);
}
