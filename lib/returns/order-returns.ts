import "server-only";
import { asc, desc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { variantLabel } from "@/lib/core/variant-label";
import type { Database } from "@/lib/db";
import { returnedValue } from "@/lib/discounts/rules";
import { orderLines, orders, returnLines, returns, variants, type ReturnReason, type ReturnStatus } from "@/lib/db/schema";
import { findDeliveredAt, listReturnableLines, type ReturnableLineView } from "./returnable";
import { isLinkTooOld, isPastReturnWindow, linkReturnDays, returnLineName, returnMessages } from "./rules";

/** A return as the shopper and staff see it: its status, what comes back, and how. */
export type ReturnView = {
  id: number;
  orderNumber: string;
  status: ReturnStatus;
  reason: ReturnReason;
  note: string;
  declineReason: string | null;
  createdAt: Date;
  exchangeOrderNumber: string | null;
  lines: { name: string; quantity: number; refund: number | null; exchange: ExchangeTarget | null }[];
};

/** The variant an exchange ships, its price now, and how much more a unit is than the one paid for (less if negative). */
export type ExchangeTarget = { label: string; price: number; difference: number };

/**
 * A delivered order's returns, and what the shopper may still ask for (`form` is null once nothing
 * may be); `closed` says why once its return window has passed, or its link may no longer ask.
 */
export type OrderReturns = {
  returns: ReturnView[];
  form: { lines: ReturnableLineView[]; closesAt: Date } | null;
  closed: string | null;
};

/**
 * The order's returns and, while its window is open and a line is left, the lines the form offers;
 * opened through its link (`viaLink`), only while the link may ask (lib/returns/rules.ts).
 */
export async function findOrderReturns(
  db: Database,
  order: { id: number; status: string; createdAt: Date },
  { windowDays, viaLink }: { windowDays: number; viaLink: boolean },
  now = new Date(),
): Promise<OrderReturns> {
  const views = await listReturns(db, { orderId: order.id });
  const deliveredAt = order.status === "delivered" ? await findDeliveredAt(db, order.id) : null;
  if (!deliveredAt) return { returns: views, form: null, closed: null };
  if (isPastReturnWindow(deliveredAt, now, windowDays))
    return { returns: views, form: null, closed: returnMessages.afterWindow(windowDays) };
  if (viaLink && isLinkTooOld(order.createdAt, now, windowDays))
    return { returns: views, form: null, closed: returnMessages.linkTooOld(linkReturnDays(windowDays)) };
  const lines = (await listReturnableLines(db, order.id)).filter((line) => !line.requested);
  const closesAt = new Date(deliveredAt.getTime() + windowDays * 86_400_000);
  return { returns: views, form: lines.length > 0 ? { lines, closesAt } : null, closed: null };
}

/** How many returns the back office lists. */
export const STAFF_RETURNS_LIMIT = 100;

/** Returns newest first: one order's, or (for staff) every order's. */
export async function listReturns(db: Database, filter: { orderId?: number } = {}): Promise<ReturnView[]> {
  const exchangeOrders = alias(orders, "exchange_orders");
  const rows = await db
    .select({
      id: returns.id,
      orderNumber: orders.number,
      status: returns.status,
      reason: returns.reason,
      note: returns.note,
      declineReason: returns.declineReason,
      createdAt: returns.createdAt,
      exchangeOrderNumber: exchangeOrders.number,
    })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .leftJoin(exchangeOrders, eq(exchangeOrders.id, returns.exchangeOrderId))
    .where(filter.orderId === undefined ? undefined : eq(returns.orderId, filter.orderId))
    .orderBy(desc(returns.createdAt), desc(returns.id))
    .limit(STAFF_RETURNS_LIMIT);
  const lines = await linesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, lines: lines.filter((line) => line.returnId === row.id) }));
}

async function linesOf(db: Database, returnIds: number[]) {
  if (returnIds.length === 0) return [];
  const rows = await db
    .select({
      returnId: returnLines.returnId,
      productName: orderLines.productName,
      variantLabel: orderLines.variantLabel,
      unitPrice: orderLines.unitPrice,
      lineQuantity: orderLines.quantity,
      discount: orderLines.discount,
      quantity: returnLines.quantity,
      resolution: returnLines.resolution,
      exchange: { size: variants.size, colour: variants.colour, packSize: variants.packSize, price: variants.price },
    })
    .from(returnLines)
    .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
    .leftJoin(variants, eq(variants.id, returnLines.exchangeVariantId))
    .where(inArray(returnLines.returnId, returnIds))
    .orderBy(asc(returnLines.id));
  return rows.map((row) => ({
    returnId: row.returnId,
    name: returnLineName(row.productName, row.variantLabel),
    quantity: row.quantity,
    refund:
      row.resolution === "refund"
        ? returnedValue({ unitPrice: row.unitPrice, quantity: row.lineQuantity, discount: row.discount }, row.quantity)
        : null,
    exchange: row.resolution === "exchange" && row.exchange ? exchangeTarget(row.exchange, row.unitPrice) : null,
  }));
}

function exchangeTarget(variant: Parameters<typeof variantLabel>[0] & { price: number }, paid: number): ExchangeTarget {
  return { label: variantLabel(variant), price: variant.price, difference: variant.price - paid };
}
