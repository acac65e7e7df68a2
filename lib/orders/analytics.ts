import { commerceEvent, type AnalyticsItem, type CommerceEvent } from "@/lib/analytics/browser-events";
import type { PurchasedOrder } from "@/lib/analytics/purchase";
import type { OrderLineView, OrderView } from "./order-view";

/** An order's lines as analytics items: the product's slug as its id, as on its page. */
export const analyticsItemsOf = (lines: OrderLineView[]): AnalyticsItem[] =>
  lines.map((line) => ({
    item_id: line.productSlug,
    item_name: line.productName,
    price: line.unitPrice,
    quantity: line.quantity,
  }));

/** What a purchase report (lib/analytics/purchase.ts) needs of an order. */
export function purchaseOf(order: OrderView): PurchasedOrder {
  const { email, phone } = order.delivery;
  return { id: order.id, number: order.number, total: order.total, email, phone, items: analyticsItemsOf(order.lines) };
}

/**
 * The purchase the confirmation page sends from the browser, with the server's event id: once the
 * order is a sale as the server reports it (paid, or to be paid on delivery); null before.
 */
export function browserPurchaseOf(order: OrderView): CommerceEvent | null {
  // An exchange's order has no payment at all: it is no purchase.
  const latest = order.payments.at(-1);
  if (!latest) return null;
  const { method, status } = latest;
  if (status !== "paid" && !(method === "pay_on_delivery" && status === "pending")) return null;
  return commerceEvent("purchase", analyticsItemsOf(order.lines), { value: order.total, orderNumber: order.number });
}
