import "server-only";
import { and, asc, eq, gt, inArray, isNull, max, ne, sql } from "drizzle-orm";
import { variantLabel } from "@/lib/core/variant-label";
import type { Database } from "@/lib/db";
import { orderHistory, orderLines, products, returnLines, returns, variants } from "@/lib/db/schema";
import { returnLineName, type ReturnableLine } from "./rules";

/** An order line as the return form shows it, with the variants an exchange may choose now. */
export type ReturnableLineView = ReturnableLine & {
  unitPrice: number;
  exchangeOptions: { variantId: number; label: string }[];
};

/**
 * The order's lines for a return: what was bought, whether a return request that was not declined
 * already holds the line, and the other variants of its product on sale, in stock and at the bought
 * variant's price (its price paid once it has none): an exchange never ships a pricier pack or size
 * for nothing.
 */
export async function listReturnableLines(db: Database, orderId: number): Promise<ReturnableLineView[]> {
  const requested = db
    .select({ id: returnLines.id })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(and(eq(returnLines.orderLineId, orderLines.id), ne(returns.status, "declined")));
  const lines = await db
    .select({
      id: orderLines.id,
      productId: orderLines.productId,
      variantId: orderLines.variantId,
      productName: orderLines.productName,
      variantLabel: orderLines.variantLabel,
      unitPrice: orderLines.unitPrice,
      listPrice: variants.price,
      bought: orderLines.quantity,
      requested: sql<boolean>`exists (${requested})`,
    })
    .from(orderLines)
    .leftJoin(variants, eq(variants.id, orderLines.variantId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  const options = await exchangeOptions(
    db,
    lines.map((line) => line.productId).filter((id) => id !== null),
  );
  return lines.map(({ productId, variantId, productName, variantLabel: label, listPrice, ...line }) => {
    const price = listPrice ?? line.unitPrice;
    const offered = options.filter(
      (option) => option.productId === productId && option.variantId !== variantId && option.price === price,
    );
    return {
      ...line,
      name: returnLineName(productName, label),
      exchangeOptions: offered.map(({ variantId: id, label: optionLabel }) => ({ variantId: id, label: optionLabel })),
      exchangeVariantIds: offered.map((option) => option.variantId),
    };
  });
}

/** When the order was delivered (its latest move to delivered), or null. */
export async function findDeliveredAt(db: Database, orderId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(orderHistory.at) })
    .from(orderHistory)
    .where(
      and(eq(orderHistory.orderId, orderId), eq(orderHistory.toStatus, "delivered"), ne(orderHistory.fromStatus, "delivered")),
    );
  return row?.at ?? null;
}

async function exchangeOptions(db: Database, productIds: number[]) {
  if (productIds.length === 0) return [];
  const rows = await db
    .select({
      productId: variants.productId,
      variantId: variants.id,
      size: variants.size,
      colour: variants.colour,
      packSize: variants.packSize,
      price: variants.price,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(
      and(
        inArray(variants.productId, productIds),
        gt(variants.stock, 0),
        isNull(variants.archivedAt),
        eq(products.status, "published"),
      ),
    )
    .orderBy(asc(variants.id));
  return rows.map(({ productId, variantId, price, ...variant }) => ({
    productId,
    variantId,
    price,
    label: variantLabel(variant),
  }));
}
