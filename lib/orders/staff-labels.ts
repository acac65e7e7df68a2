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

/** A step's button from the status the order is in: a parcel that came back is sent out 'again'. */
export const orderStepLabel = (from: OrderStatus, step: OrderStep) =>
  from === "delivery_failed" && step === "dispatched" ? "Dispatch again" : orderStepLabels[step];

/** What staff read once a step is done: 'Order KT-7F3K9QM is now on its way.' */
export const orderStepDone = (number: string, status: OrderStatus) =>
  `Order ${number} is now ${orderStatusLabels[status].toLowerCase()}.`;

/** The cancel form's reason field. */
export const cancelReasonLabel = "Reason for cancelling";

/** The failed delivery form's fields. */
export const failureReasonLabel = "Why the delivery failed";
export const failureNoteLabel = "What happened";
