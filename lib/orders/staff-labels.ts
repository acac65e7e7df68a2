/**
 * What the back office calls the steps of an order, defined once for its pages, its server action
 * and the tests (payments are named in lib/orders/payment-copy.ts). Framework-free.
 */
import { orderStatusLabels, type OrderStatus } from "./status";

/** A status an order can be moved to (every one but the first). */
export type OrderStep = Exclude<OrderStatus, "placed">;

/** The button that moves an order to each status. */
export const orderStepLabels: Record<OrderStep, string> = {
  confirmed: "Confirm",
  dispatched: "Mark as dispatched",
  delivered: "Mark as delivered",
  cancelled: "Cancel order",
  delivery_failed: "Mark delivery failed",
  returned: "Returned to shop",
};

/** What staff read once a step is done: 'Order KT-7F3K9QM is now on its way.' */
export const orderStepDone = (number: string, status: OrderStatus) =>
  `Order ${number} is now ${orderStatusLabels[status].toLowerCase()}.`;

/** The cancel form's reason field. */
export const cancelReasonLabel = "Reason for cancelling";
