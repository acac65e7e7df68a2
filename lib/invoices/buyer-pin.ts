import "server-only";
import { and, eq, ne } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { invoices, orderHistory, orders } from "@/lib/db/schema";
import { optionalKraPinSchema } from "@/lib/tax/kra-pin";

// Staff add or correct a buyer's KRA PIN after checkout, on the order and on its invoices, until
// KRA has an invoice of the order: what KRA holds is never contradicted by what the shop prints.

export const buyerPinMessages = {
  unknownOrder: "There is no such order.",
  reported: "This order's invoice is already reported to KRA: its buyer's PIN can no longer change.",
  saved: (pin: string | null) => (pin ? `Buyer's KRA PIN saved: ${pin}.` : "Buyer's KRA PIN removed."),
} as const;

/** The order's PIN as staff see it, whether it has an invoice, and whether the PIN may still change. */
export type BuyerPinState = { buyerPin: string | null; invoiced: boolean; locked: boolean };

export type BuyerPinChange =
  { ok: true; buyerPin: string | null } | { ok: false; reason: "invalid" | "unknown_order" | "reported"; error: string };

export async function findBuyerPinState(db: Database, orderId: number): Promise<BuyerPinState> {
  const [order] = await db.select({ buyerPin: orders.buyerPin }).from(orders).where(eq(orders.id, orderId));
  const issued = await db.select({ reportState: invoices.reportState }).from(invoices).where(eq(invoices.orderId, orderId));
  return {
    buyerPin: order?.buyerPin ?? null,
    invoiced: issued.length > 0,
    locked: issued.some((invoice) => invoice.reportState === "reported"),
  };
}

/**
 * Sets the order's buyer PIN (empty removes it) and its invoices' in one transaction, with a line in
 * the order's history. Refused once any invoice of the order is reported; the order's row lock
 * orders this against a sale or refund issuing an invoice at the same moment.
 */
export async function changeBuyerPin(
  db: Database,
  input: { orderNumber: string; buyerPin: unknown; actor: Actor },
): Promise<BuyerPinChange> {
  const parsed = optionalKraPinSchema.safeParse(input.buyerPin);
  if (!parsed.success) return { ok: false, reason: "invalid", error: parsed.error.issues[0].message };
  const buyerPin = parsed.data;
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status, buyerPin: orders.buyerPin })
      .from(orders)
      .where(eq(orders.number, input.orderNumber))
      .for("update");
    if (!order) return { ok: false as const, reason: "unknown_order" as const, error: buyerPinMessages.unknownOrder };
    const issued = await tx
      .select({ id: invoices.id, reportState: invoices.reportState })
      .from(invoices)
      .where(eq(invoices.orderId, order.id))
      .for("update");
    if (issued.some((invoice) => invoice.reportState === "reported"))
      return { ok: false as const, reason: "reported" as const, error: buyerPinMessages.reported };
    if (order.buyerPin === buyerPin) return { ok: true as const, buyerPin };

    await tx.update(orders).set({ buyerPin }).where(eq(orders.id, order.id));
    await tx
      .update(invoices)
      .set({ buyerPin })
      .where(and(eq(invoices.orderId, order.id), ne(invoices.reportState, "reported")));
    await tx.insert(orderHistory).values({
      orderId: order.id,
      actorId: input.actor.id,
      actorLabel: input.actor.label,
      fromStatus: order.status,
      toStatus: order.status,
      note: buyerPinMessages.saved(buyerPin),
    });
    return { ok: true as const, buyerPin };
  });
}
