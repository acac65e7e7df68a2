/** Order statuses as shoppers read them, and which changes the shop allows. Framework-free. */
import type { FulfilmentKind, OrderStatus } from "@/lib/db/values";

export type { OrderStatus } from "@/lib/db/values";

export const orderStatusLabels: Record<OrderStatus, string> = {
  placed: "Placed",
  confirmed: "Confirmed",
  dispatched: "On its way",
  ready_for_pickup: "Ready for pickup",
  delivered: "Delivered",
  cancelled: "Cancelled",
  delivery_failed: "Delivery failed",
  returned: "Returned to shop",
};

/** A pickup order's labels where they differ: it is collected, or not collected, rather than delivered. */
const pickupStatusLabels: Partial<Record<OrderStatus, string>> = {
  delivered: "Collected",
  delivery_failed: "Not collected",
};

/** A status's label as the order is delivered or picked up. */
export const orderStatusLabel = (fulfilment: FulfilmentKind, status: OrderStatus) =>
  (fulfilment === "pickup" && pickupStatusLabels[status]) || orderStatusLabels[status];

/**
 * The statuses a delivered order may move to from each status. A parcel that could not be delivered
 * is sent out again or returned to the shop. Delivered, cancelled and returned are final.
 */
const nextDeliveryStatuses: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ["confirmed", "cancelled"],
  confirmed: ["dispatched", "cancelled"],
  dispatched: ["delivered", "delivery_failed"],
  ready_for_pickup: [],
  delivered: [],
  cancelled: [],
  delivery_failed: ["dispatched", "returned"],
  returned: [],
};

/**
 * A pickup order is made ready at its point (straight from confirmed when packed where it is
 * collected), and only then collected (delivered) or not collected; one not collected is made
 * ready again or taken back to the shop.
 */
const nextPickupStatuses: Record<OrderStatus, readonly OrderStatus[]> = {
  ...nextDeliveryStatuses,
  confirmed: ["dispatched", "ready_for_pickup", "cancelled"],
  dispatched: ["ready_for_pickup", "delivery_failed"],
  ready_for_pickup: ["delivered", "delivery_failed"],
  delivery_failed: ["ready_for_pickup", "returned"],
};

/** The statuses an order may move to from `status`, as it is delivered or picked up. */
export const nextOrderStatuses = (fulfilment: FulfilmentKind, status: OrderStatus): readonly OrderStatus[] =>
  (fulfilment === "pickup" ? nextPickupStatuses : nextDeliveryStatuses)[status];

/** An order still to reach the buyer: its expected dates and how it comes still hold (a ready pickup order is there already). */
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
