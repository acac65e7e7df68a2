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

/** An order still to reach the buyer: its expected dates and how it comes still hold. */
export const isOnItsWay = (status: OrderStatus) => status === "placed" || status === "confirmed" || status === "dispatched";

/** How long after placing an order its page still thanks the buyer; found later, it is just their order. */
export const THANKS_MS = 60 * 60 * 1000;

/** The order page's heading: thanks just after placing (and not once cancelled), else 'Your order'. */
export const orderHeading = (order: { status: OrderStatus; createdAt: Date }, now: Date) =>
  isOnItsWay(order.status) && now.getTime() - order.createdAt.getTime() < THANKS_MS ? "Thank you for your order" : "Your order";

/** An order closed before its parcel reached the buyer: what was paid is owed back. */
export const isClosed = (status: OrderStatus) => status === "cancelled" || status === "returned";

/** Where an order's page lives; notifications and e-mails link here. */
export const orderPath = (number: string) => `/orders/${encodeURIComponent(number)}`;

/** The query parameter that carries an order's signed link token (lib/orders/order-link.ts). */
export const orderLinkParam = "key";

/** Where a shopper finds an order by its number and their phone. */
export const findOrderPath = "/orders/find";
/** That page's title, and the words of every link to it. */
export const findOrderTitle = "Find your order";
