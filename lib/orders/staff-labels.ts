/**
 * What the back office calls the steps of an order, defined once for its pages, its server action
 * and the tests (payments are named in lib/orders/payment-copy.ts). Framework-free.
 */
import type { SmsState } from "@/lib/db/values";
import type { OrderStatus } from "./status";

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

/** What staff read once an order reaches each status: 'Order KT-7F3K9QM is on its way.' */
const stepDoneSentences: Record<OrderStatus, string> = {
  placed: "is placed and waits to be confirmed",
  confirmed: "is confirmed",
  dispatched: "is on its way",
  delivered: "is delivered",
  cancelled: "is cancelled",
  delivery_failed: "could not be delivered",
  returned: "is back in the shop and closed",
};

export const orderStepDone = (number: string, status: OrderStatus) => `Order ${number} ${stepDoneSentences[status]}.`;

/** The cancel form's reason field. */
export const cancelReasonLabel = "Reason for cancelling";

/** The failed delivery form's fields. */
export const failureReasonLabel = "Why the delivery failed";
export const failureNoteLabel = "What happened";

/**
 * What became of a message to the customer (lib/orders/order-messages.ts): a text's states, an
 * e-mail waiting to retry, and one written to the server log because no SMTP server is set.
 */
export type MessageState = SmsState | "retrying" | "logged";

/** Every message state as staff read it on the order's page. */
export const messageStateLabels: Record<MessageState, string> = {
  queued: "Queued",
  retrying: "Retrying",
  sent: "Sent",
  delivered: "Delivered",
  failed: "Failed",
  throttled: "Not sent (throttled)",
  logged: "Written to the log (no SMTP set)",
};
