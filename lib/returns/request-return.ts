import "server-only";
import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { orders, returnLines, returns } from "@/lib/db/schema";
import { returnCopy, returnStepped } from "./events";
import { findDeliveredAt, listReturnableLines, type ReturnableLineView } from "./returnable";
import {
  checkReturnLimits,
  returnReasonLabels,
  returnResolutionLabels,
  type ChosenReturnLine,
  type ReturnLimitCheck,
  type ReturnRequest,
} from "./rules";

export type RequestReturnResult = { ok: true; returnId: number } | Exclude<ReturnLimitCheck, { ok: true }>;

/**
 * A shopper's return request for their order (the caller has checked that they own it, or hold
 * its link: `viaLink`), within
 * the limits of lib/returns/rules.ts; a broken limit stores nothing. One transaction, with the
 * order locked so that two requests for the same lines cannot both pass: the return and its
 * lines, the order's history, the bell and the e-mail.
 */
export async function requestReturn(
  db: Database,
  input: { orderId: number; request: ReturnRequest; actor: Actor; windowDays: number; viaLink: boolean; now?: Date },
): Promise<RequestReturnResult> {
  return db.transaction(async (tx): Promise<RequestReturnResult> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
    const lines = await listReturnableLines(tx, order.id);
    const checked = checkReturnLimits({
      deliveredAt: order.status === "delivered" ? await findDeliveredAt(tx, order.id) : null,
      now: input.now ?? new Date(),
      windowDays: input.windowDays,
      linkPlacedAt: input.viaLink ? order.createdAt : null,
      lines,
      request: input.request,
    });
    if (!checked.ok) return checked;
    const [created] = await tx
      .insert(returns)
      .values({ orderId: order.id, reason: input.request.reason, note: input.request.note })
      .returning({ id: returns.id });
    await tx.insert(returnLines).values(
      checked.lines.map((line) => ({
        returnId: created.id,
        orderLineId: line.lineId,
        quantity: line.quantity,
        resolution: line.resolution,
        exchangeVariantId: line.exchangeVariantId,
      })),
    );
    const summary = checked.lines.map((line) => describeLine(line, lines)).join("; ");
    const note = [`Return requested: ${summary}.`, `Reason: ${returnReasonLabels[input.request.reason]}.`, input.request.note]
      .filter(Boolean)
      .join(" ");
    await returnStepped(tx, {
      returnId: created.id,
      name: "requested",
      order,
      actor: input.actor,
      body: returnCopy.requested.body(),
      note,
    });
    return { ok: true, returnId: created.id };
  });
}

/** '2 × Kijani Hoodie (M · Black), exchange for L · Black'. */
function describeLine(chosen: ChosenReturnLine, lines: ReturnableLineView[]): string {
  const line = lines.find((known) => known.id === chosen.lineId)!;
  const exchange = line.exchangeOptions.find((option) => option.variantId === chosen.exchangeVariantId);
  const outcome = exchange ? `exchange for ${exchange.label}` : returnResolutionLabels.refund.toLowerCase();
  return `${chosen.quantity} × ${line.name}, ${outcome}`;
}
