import "server-only";
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { announceCacheChange, cacheTags } from "@/lib/cache/changes";
import type { County } from "@/lib/checkout/counties";
import { deliveryWindow } from "@/lib/checkout/delivery";
import { PICKUP_READY_DAYS } from "@/lib/checkout/fulfilment-fee";
import { requireDeliveryRate } from "@/lib/checkout/delivery-zones";
import { variantLabel } from "@/lib/core/variant-label";
import type { Database } from "@/lib/db";
import { orderHistory, orderLines, orders, products, returnLines, variants } from "@/lib/db/schema";
import { newOrderNumber } from "@/lib/orders/order-number";
import { recordStockMovements } from "@/lib/stock/movements";
import { returnLineName } from "./rules";

/**
 * Holds the units an approved exchange will ship, its variants locked in id order like checkout so
 * the two never wait on each other in a cycle. Answers the lines short of stock, taking nothing
 * then, or [] once every unit is held.
 */
export async function holdExchangeStock(
  tx: Database,
  returnId: number,
  context: { orderId: number; actor: Actor },
): Promise<string[]> {
  const lines = await exchangeLines(tx, returnId);
  const locked = lines.length
    ? await tx
        .select({ id: variants.id, stock: variants.stock })
        .from(variants)
        .where(
          inArray(
            variants.id,
            lines.map((line) => line.variantId),
          ),
        )
        .orderBy(asc(variants.id))
        .for("update")
    : [];
  const stockOf = (variantId: number) => locked.find((variant) => variant.id === variantId)?.stock ?? 0;
  // Two returned lines may ask for the same variant: their units together must be in stock.
  const needed = (variantId: number) =>
    lines.filter((line) => line.variantId === variantId).reduce((sum, line) => sum + line.quantity, 0);
  const short = lines.filter((line) => needed(line.variantId) > stockOf(line.variantId)).map((line) => line.name);
  if (short.length > 0) return short;
  for (const line of lines) {
    const [held] = await tx
      .update(variants)
      .set({ stock: sql`${variants.stock} - ${line.quantity}` })
      .where(eq(variants.id, line.variantId))
      .returning({ stock: variants.stock });
    await recordExchangeMovement(tx, line.variantId, -line.quantity, held.stock, context);
  }
  if (lines.length > 0) await announceCacheChange(tx, cacheTags.catalog);
  return [];
}

/** Puts back the units held for a return's exchange (declined, or never arrived). */
export async function releaseExchangeStock(tx: Database, returnId: number, context: { orderId: number; actor: Actor }) {
  const lines = await exchangeLines(tx, returnId);
  for (const line of lines) {
    const [released] = await tx
      .update(variants)
      .set({ stock: sql`${variants.stock} + ${line.quantity}` })
      .where(eq(variants.id, line.variantId))
      .returning({ stock: variants.stock });
    await recordExchangeMovement(tx, line.variantId, line.quantity, released.stock, context);
  }
  if (lines.length > 0) await announceCacheChange(tx, cacheTags.catalog);
}

/**
 * The exchange's new variants as an order of their own, linked to the return: the same owner and
 * delivery, nothing to pay (lines at 0, no delivery fee, no payment), confirmed at once since its
 * stock is already held. Answers its id and number, or null for a return with no exchange.
 */
export async function placeExchangeOrder(
  tx: Database,
  input: { returnId: number; orderId: number; actor: Actor },
): Promise<{ id: number; number: string } | null> {
  const lines = await exchangeLines(tx, input.returnId);
  if (lines.length === 0) return null;
  const [original] = await tx.select().from(orders).where(eq(orders.id, input.orderId));
  // The exchange travels at the county's rate of today (or waits at the same pickup point); it charges nothing for it.
  const rate =
    original.fulfilment === "pickup"
      ? { fee: 0, ...PICKUP_READY_DAYS }
      : await requireDeliveryRate(tx, original.county as County);
  const window = deliveryWindow(rate, new Date());
  const [order] = await tx
    .insert(orders)
    .values({
      number: newOrderNumber(),
      idempotencyKey: `exchange:${input.returnId}`,
      userId: original.userId,
      guestTokenHash: original.guestTokenHash,
      status: "confirmed",
      fullName: original.fullName,
      phone: original.phone,
      email: original.email,
      county: original.county,
      town: original.town,
      street: original.street,
      notes: original.notes,
      fulfilment: original.fulfilment,
      pickupName: original.pickupName,
      pickupAddress: original.pickupAddress,
      pickupHours: original.pickupHours,
      carrier: original.carrier,
      collectAt: original.collectAt,
      subtotal: 0,
      deliveryFee: 0,
      total: 0,
      deliveryEarliest: window.earliest,
      deliveryLatest: window.latest,
    })
    .returning({ id: orders.id, number: orders.number });
  await tx.insert(orderLines).values(
    lines.map((line) => ({
      orderId: order.id,
      productId: line.productId,
      variantId: line.variantId,
      productSlug: line.productSlug,
      productName: line.productName,
      variantLabel: line.label,
      unitPrice: 0,
      quantity: line.quantity,
    })),
  );
  await tx.insert(orderHistory).values({
    orderId: order.id,
    actorId: input.actor.id,
    actorLabel: input.actor.label,
    toStatus: "confirmed",
    note: `Exchange for order ${original.number}: nothing to pay.`,
  });
  return order;
}

async function exchangeLines(tx: Database, returnId: number) {
  const rows = await tx
    .select({
      variantId: variants.id,
      quantity: returnLines.quantity,
      productId: products.id,
      productSlug: products.slug,
      productName: products.name,
      size: variants.size,
      colour: variants.colour,
      packSize: variants.packSize,
    })
    .from(returnLines)
    .innerJoin(variants, eq(variants.id, returnLines.exchangeVariantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(returnLines.returnId, returnId), isNotNull(returnLines.exchangeVariantId)))
    .orderBy(asc(variants.id));
  return rows.map((row) => {
    const label = variantLabel(row);
    return { ...row, label, name: returnLineName(row.productName, label) };
  });
}

function recordExchangeMovement(
  tx: Database,
  variantId: number,
  change: number,
  level: number,
  context: { orderId: number; actor: Actor },
) {
  return recordStockMovements(tx, [{ variantId, reason: "exchange", change, level, ...context }]);
}
