/** Order statuses as shoppers read them, and which changes the shop allows. Framework-free. */
import type { OrderStatus } from "@/lib/db/values";

export type { OrderStatus } from "@/lib/db/values";

export const orderStatusLabels: Record<OrderStatus, string> = {
  placed: "Placed",
  confirmed: "Confirmed",
  dispatched: "On its way",
  delivered: "Delivered",
  cancelled: "Cancelled",
  delivery_failed: "Delivery failed",
  returned: "Returned to shop",
};

/**
 * The statuses an order may move to from each status. A parcel that could not be delivered is sent
 * out again or returned to the shop. Delivered, cancelled and returned are final.
 */
export const nextOrderStatuses: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ["confirmed", "cancelled"],
  confirmed: ["dispatched", "cancelled"],
  dispatched: ["delivered", "delivery_failed"],
  delivered: [],
  cancelled: [],
  delivery_failed: ["dispatched", "returned"],
  returned: [],
};

/** An order closed before its parcel reached the buyer: what was paid is owed back. */
export const isClosed = (status: OrderStatus) => status === "cancelled" || status === "returned";

/** Where an order's page lives; notifications and e-mails link here. */
export const orderPath = (number: string) => `/orders/${encodeURIComponent(number)}`;

/** The query parameter that carries an order's signed link token (lib/orders/order-link.ts). */
export const orderLinkParam = "key";

/** Where a shopper finds an order by its number and their phone. */
export const findOrderPath = "/orders/find";
