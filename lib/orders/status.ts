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

/** The statuses an order may move to from each status; delivered and cancelled are final. */
export const nextOrderStatuses: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ["confirmed", "cancelled"],
  confirmed: ["dispatched", "cancelled"],
  dispatched: ["delivered"],
  delivered: [],
  cancelled: [],
  delivery_failed: [],
  returned: [],
};

/** Where an order's page lives; notifications and e-mails link here. */
export const orderPath = (number: string) => `/orders/${encodeURIComponent(number)}`;

/** The query parameter that carries an order's signed link token (lib/orders/order-link.ts). */
export const orderLinkParam = "key";

/** Where a shopper finds an order by its number and their phone. */
export const findOrderPath = "/orders/find";
