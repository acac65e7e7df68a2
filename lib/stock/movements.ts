import "server-only";
import { desc, eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { orders, stockMovements, type StockReason } from "@/lib/db/schema";
import { sendBackInStockAlerts } from "./back-in-stock";
import { movementReasonLabel } from "./rules";

/** One change of a variant's stock, as the code that made it knows it. */
export type NewStockMovement = {
  variantId: number;
  reason: StockReason;
  change: number;
  /** The level the change left, as its UPDATE returned it. */
  level: number;
  actor: Actor;
  orderId?: number;
};

/**
 * Records changes in the history, inside the transaction that made them. A change that took a
 * variant from none to some (its level comes from the UPDATE that holds the row) sends the
 * variant's 'Tell me when it's back' requests.
 */
export async function recordStockMovements(tx: Database, movements: NewStockMovement[]): Promise<void> {
  if (movements.length === 0) return;
  await tx
    .insert(stockMovements)
    .values(movements.map(({ actor, ...movement }) => ({ ...movement, actorId: actor.id, actorLabel: actor.label })));
  const backInStock = movements.filter(({ level, change }) => level > 0 && level - change <= 0);
  await sendBackInStockAlerts(
    tx,
    backInStock.map((movement) => movement.variantId),
  );
}

/** A row of a variant's stock history, for staff. */
export type StockMovementView = {
  id: number;
  at: Date;
  actorLabel: string;
  /** 'Restock', 'Order KT-7F3K9QM', … */
  reasonLabel: string;
  change: number;
  level: number;
};

export const STOCK_HISTORY_LIMIT = 100;

/** A variant's latest stock changes, newest first. */
export async function stockHistory(
  db: Database,
  variantId: number,
  { limit = STOCK_HISTORY_LIMIT }: { limit?: number } = {},
): Promise<StockMovementView[]> {
  const rows = await db
    .select({
      id: stockMovements.id,
      at: stockMovements.at,
      actorLabel: stockMovements.actorLabel,
      reason: stockMovements.reason,
      orderNumber: orders.number,
      change: stockMovements.change,
      level: stockMovements.level,
    })
    .from(stockMovements)
    .leftJoin(orders, eq(orders.id, stockMovements.orderId))
    .where(eq(stockMovements.variantId, variantId))
    .orderBy(desc(stockMovements.id))
    .limit(limit);
  return rows.map(({ reason, orderNumber, ...row }) => ({ ...row, reasonLabel: movementReasonLabel({ reason, orderNumber }) }));
}
