// The commerce events the browser sends once the shopper accepted (components/analytics), in GA4's
// names and shapes; the Pixel gets Meta's standard name for each. Shared by the pages that describe
// them and the server's purchase, so both carry one event id.

export type AnalyticsItem = { item_id: string; item_name: string; price: number; quantity: number };

/** A GA4 commerce event: its name and parameters (money in whole shillings). */
export type CommerceEvent = {
  name: "view_item" | "add_to_cart" | "begin_checkout" | "purchase";
  params: { currency: "KES"; value: number; items: AnalyticsItem[]; transaction_id?: string; event_id?: string };
};

/** Meta's standard event for each GA4 one. */
export const metaEventNames: Record<CommerceEvent["name"], string> = {
  view_item: "ViewContent",
  add_to_cart: "AddToCart",
  begin_checkout: "InitiateCheckout",
  purchase: "Purchase",
};

/** The attribute an element carries its event in (JSON): sent when its page shows (the banner's tag loader reads it). */
export const eventAttribute = "data-analytics-event";

/** The same on a form: sent when the form is submitted ('Add to cart'). */
export const submitEventAttribute = "data-analytics-submit";

/** One id for an order's purchase, the browser's and the server's, so GA4 and Meta count it once. */
export const purchaseEventId = (orderNumber: string) => `purchase-${orderNumber}`;

/** An event with its currency: items' value is their price times quantity. */
export function commerceEvent(
  name: CommerceEvent["name"],
  items: AnalyticsItem[],
  extra: { value?: number; orderNumber?: string } = {},
): CommerceEvent {
  const value = extra.value ?? items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  const order = extra.orderNumber ? { transaction_id: extra.orderNumber, event_id: purchaseEventId(extra.orderNumber) } : {};
  return { name, params: { currency: "KES", value, items, ...order } };
}

/** The attribute that has an element's page send `event` (spread it onto the element). */
export const eventOnShow = (event: CommerceEvent) => ({ [eventAttribute]: JSON.stringify(event) });
