import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { announceCacheChange, cacheTags } from "@/lib/cache/changes";
import type { Database } from "@/lib/db";
import { returnedValue } from "@/lib/discounts/rules";
import { orderLines, orders, returnLines, returnStatuses, returns, variants, type ReturnStatus } from "@/lib/db/schema";
import { createRefundDue } from "@/lib/payments/refunds";
import { recordStockMovements } from "@/lib/stock/movements";
import { returnCopy, returnStepped, type ReturnStep } from "./events";
import { holdExchangeStock, placeExchangeOrder, releaseExchangeStock } from "./exchange";
import { DECLINE_REASON_MAX_LENGTH, nextReturnSteps, returnStatusLabels, type ReturnStaffStep } from "./rules";

export type ReturnStepResult = { ok: true; message: string } | { ok: false; error: string };

export const returnStepMessages = {
  unknown: "There is no such return.",
  changedMeanwhile: (status: ReturnStatus) =>
    `This return changed meanwhile: it is now ${returnStatusLabels[status].toLowerCase()}.`,
  declineReason: "Say why the return is declined: the shopper reads it.",
  exchangeShort: (names: string[]) =>
    `Not enough stock for the exchange (${names.join(", ")}): restock first, or decline the return.`,
  approved: "Return approved. The shopper is told to send it back.",
  declined: "Return declined. The shopper is told why.",
  received: "Return received: its units are back in stock.",
} as const;

/**
 * 'Approve': the shopper may send the items back. An exchange's new variants are held from stock
 * now, so that they are there when the return arrives; without the stock nothing changes.
 */
export async function approveReturn(
  db: Database,
  input: { returnId: number; actor: Actor; arrivalDays: number },
): Promise<ReturnStepResult> {
  return db.transaction(async (tx) => {
    const found = await lockReturn(tx, input.returnId, allowedFrom("approve"));
    if (!found.ok) return found;
    const short = await holdExchangeStock(tx, input.returnId, { orderId: found.order.id, actor: input.actor });
    if (short.length > 0) return { ok: false, error: returnStepMessages.exchangeShort(short) };
    await setStatus(tx, input.returnId, "approved");
    await stepped(tx, found, "approved", input.actor, returnCopy.approved.body(input.arrivalDays), "Return approved.");
    return { ok: true, message: returnStepMessages.approved };
  });
}

/**
 * 'Decline', with the reason the shopper reads; also what happens to an approved return that never
 * arrived (`expired`). Stock held for its exchange goes back on sale.
 */
export async function declineReturn(
  db: Database,
  input: { returnId: number; actor: Actor; reason: unknown } | { returnId: number; actor: Actor; expiredAfterDays: number },
): Promise<ReturnStepResult> {
  const expired = "expiredAfterDays" in input;
  const reason = expired ? "" : typeof input.reason === "string" ? input.reason.trim().slice(0, DECLINE_REASON_MAX_LENGTH) : "";
  if (!expired && reason === "") return { ok: false, error: returnStepMessages.declineReason };
  return db.transaction(async (tx) => {
    const found = await lockReturn(tx, input.returnId, expired ? ["approved"] : allowedFrom("decline"));
    if (!found.ok) return found;
    if (found.status === "approved")
      await releaseExchangeStock(tx, input.returnId, { orderId: found.order.id, actor: input.actor });
    const body = expired ? returnCopy.expired.body(input.expiredAfterDays) : returnCopy.declined.body(reason);
    await tx
      .update(returns)
      .set({ status: "declined", declineReason: body, updatedAt: sql`now()` })
      .where(eq(returns.id, input.returnId));
    await stepped(tx, found, expired ? "expired" : "declined", input.actor, body, `Return declined: ${expired ? body : reason}`);
    return { ok: true, message: returnStepMessages.declined };
  });
}

/**
 * 'Mark received': the returned units go back into stock (movement 'return'), an exchange ships as
 * its own order with nothing to pay, and the refunded lines' worth becomes a refund due (recorded
 * later by staff with the M-Pesa reversal's reference, or as cash).
 */
export async function markReturnReceived(db: Database, input: { returnId: number; actor: Actor }): Promise<ReturnStepResult> {
  return db.transaction(async (tx) => {
    const found = await lockReturn(tx, input.returnId, allowedFrom("receive"));
    if (!found.ok) return found;
    const lines = await restock(tx, input.returnId, found.order.id, input.actor);
    const exchange = await placeExchangeOrder(tx, { returnId: input.returnId, orderId: found.order.id, actor: input.actor });
    const refund = lines
      .filter((line) => line.resolution === "refund")
      .reduce((sum, line) => sum + returnedValue({ ...line, quantity: line.lineQuantity }, line.quantity), 0);
    if (refund > 0) await createRefundDue(tx, { orderId: found.order.id, amount: refund, reason: "return", returnId: found.id });
    await tx
      .update(returns)
      .set({ status: "received", exchangeOrderId: exchange?.id ?? null, updatedAt: sql`now()` })
      .where(eq(returns.id, input.returnId));
    const body = returnCopy.received.body({ refund, exchangeNumber: exchange?.number ?? null });
    const note = ["Return received, units back in stock.", exchange ? `Exchange shipped as order ${exchange.number}.` : ""];
    await stepped(tx, found, "received", input.actor, body, note.filter(Boolean).join(" "));
    return { ok: true, message: returnStepMessages.received };
  });
}

const allowedFrom = (step: ReturnStaffStep) => returnStatuses.filter((status) => nextReturnSteps[status].includes(step));

type LockedReturn = { ok: true; id: number; status: ReturnStatus; order: typeof orders.$inferSelect };

/** The return and its order, locked, if it is in one of `from`; else why not. */
async function lockReturn(
  tx: Database,
  returnId: number,
  from: ReturnStatus[],
): Promise<LockedReturn | { ok: false; error: string }> {
  const [found] = await tx
    .select({ id: returns.id, status: returns.status, order: orders })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(eq(returns.id, returnId))
    .for("update");
  if (!found) return { ok: false, error: returnStepMessages.unknown };
  if (!from.includes(found.status)) return { ok: false, error: returnStepMessages.changedMeanwhile(found.status) };
  return { ok: true, ...found };
}

async function setStatus(tx: Database, returnId: number, status: ReturnStatus) {
  await tx
    .update(returns)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(returns.id, returnId));
}

function stepped(tx: Database, found: LockedReturn, name: ReturnStep, actor: Actor, body: string, note: string) {
  return returnStepped(tx, { returnId: found.id, name, order: found.order, actor, body, note });
}

/** Puts the returned units back, in variant order; answers each line with what it was worth. */
async function restock(tx: Database, returnId: number, orderId: number, actor: Actor) {
  const lines = await tx
    .select({
      variantId: orderLines.variantId,
      quantity: returnLines.quantity,
      resolution: returnLines.resolution,
      unitPrice: orderLines.unitPrice,
      lineQuantity: orderLines.quantity,
      discount: orderLines.discount,
    })
    .from(returnLines)
    .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
    .where(eq(returnLines.returnId, returnId))
    .orderBy(asc(orderLines.variantId));
  const known = lines.filter((line) => line.variantId !== null);
  for (const { variantId, quantity } of known) {
    const [back] = await tx
      .update(variants)
      .set({ stock: sql`${variants.stock} + ${quantity}` })
      .where(eq(variants.id, variantId!))
      .returning({ stock: variants.stock });
    await recordStockMovements(tx, [
      { variantId: variantId!, reason: "return", change: quantity, level: back.stock, actor, orderId },
    ]);
  }
  if (known.length > 0) await announceCacheChange(tx, cacheTags.catalog);
  return lines;
}
