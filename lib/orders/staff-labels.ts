/**
 * What the back office calls the steps of an order, defined once for its pages, its server action
 * and the tests (payments are named in lib/orders/payment-copy.ts). Framework-free.
 */
import type { FulfilmentKind, SmsState, WhatsappState } from "@/lib/db/values";
import type { OrderStatus } from "./status";
import type { FailureKind } from "./delivery-failure";

/** A status an order can be moved to (every one but the first). */
export type OrderStep = Exclude<OrderStatus, "placed">;

/** The button that moves an order to each status. */
export const orderStepLabels: Record<OrderStep, string> = {
  confirmed: "Confirm",
  dispatched: "Mark as dispatched",
  ready_for_pickup: "Mark ready for pickup",
  delivered: "Mark as delivered",
  cancelled: "Cancel order",
  delivery_failed: "Mark delivery failed",
  returned: "Returned to shop",
};

/** A pickup order's buttons where they differ: it is collected, or not, at its point. */
const pickupStepLabels: Partial<Record<OrderStep, string>> = {
  delivered: "Mark as collected",
  delivery_failed: "Mark not collected",
};

/** A step's button as the order is delivered or picked up and from the status it is in: a parcel that came back is sent out 'again'. */
export function orderStepLabel(from: OrderStatus, step: OrderStep, fulfilment: FulfilmentKind = "delivery"): string {
  if (from === "delivery_failed" && step === "dispatched") return "Dispatch again";
  return (fulfilment === "pickup" && pickupStepLabels[step]) || orderStepLabels[step];
}

/** What staff read once an order reaches each status: 'Order KT-7F3K9QM is on its way.' */
const stepDoneSentences: Record<OrderStatus, string> = {
  placed: "is placed and waits to be confirmed",
  confirmed: "is confirmed",
  dispatched: "is on its way",
  ready_for_pickup: "is ready for pickup, and the customer is told to come",
  delivered: "is delivered",
  cancelled: "is cancelled",
  delivery_failed: "could not be delivered",
  returned: "is back in the shop and closed",
};

/** A pickup order's sentences where they differ. */
const pickupStepDoneSentences: Partial<Record<OrderStatus, string>> = {
  dispatched: "is on its way to its pickup point",
  delivered: "is collected",
  delivery_failed: "was not collected",
};

export const orderStepDone = (number: string, status: OrderStatus, fulfilment: FulfilmentKind = "delivery") =>
  `Order ${number} ${(fulfilment === "pickup" && pickupStepDoneSentences[status]) || stepDoneSentences[status]}.`;

/** The cancel form's reason field. */
export const cancelReasonLabel = "Reason for cancelling";

/** The failed delivery form's name and reason field, as the order is delivered or picked up. */
export const failureFormLabels: Record<FailureKind, { form: string; reason: string }> = {
  delivery: { form: "Record a failed delivery", reason: "Why the delivery failed" },
  pickup: { form: "Record an order not collected", reason: "Why it was not collected" },
  courier: { form: "Record a parcel the courier brought back", reason: "Why it came back" },
};
export const failureNoteLabel = "What happened";

/**
 * What became of a message to the customer (lib/orders/order-messages.ts): a text's states, an
 * e-mail waiting to retry, and one written to the server log because no SMTP server is set.
 */
export type MessageState = SmsState | WhatsappState | "retrying" | "logged";

/** Every message state as staff read it on the order's page. */
export const messageStateLabels: Record<MessageState, string> = {
  queued: "Queued",
  retrying: "Retrying",
  sent: "Sent",
  delivered: "Delivered",
  read: "Read",
  failed: "Failed",
  throttled: "Not sent (throttled)",
  logged: "Written to the log (no SMTP set)",
};
