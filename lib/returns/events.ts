import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { formatKsh } from "@/lib/catalog/price";
import type { Database } from "@/lib/db";
import { orderHistory } from "@/lib/db/schema";
import { notify } from "@/lib/notifications/notifications";
import { isKnownAddress } from "@/lib/orders/known-address";
import { orderLinkUrl } from "@/lib/orders/order-link";
import { orderTexts, textShopper } from "@/lib/orders/order-texts";
import { orderPath, type OrderStatus } from "@/lib/orders/status";
import { enqueueMail } from "@/lib/outbox/outbox";
import { findShopDetails } from "@/lib/shop-details/details";
import { questionsLine } from "@/lib/shop-details/contact";

/** Each step of a return as the shopper reads it (bell, e-mail) and staff read it (the order's history). */
export const returnCopy = {
  requested: {
    subject: "return request is received",
    body: () => "We have received your return request. We will tell you as soon as we have looked at it.",
  },
  approved: {
    subject: "return is approved",
    body: (days: number) =>
      `Your return is approved. Please send the items back within ${days} days: we will call you to arrange it.`,
  },
  declined: {
    subject: "return request is declined",
    body: (reason: string) => `We cannot accept your return request: ${reason}`,
  },
  expired: {
    subject: "return is closed",
    body: (days: number) => `Your return did not reach us within ${days} days, so we have closed it.`,
  },
  received: {
    subject: "return has arrived",
    body: (outcome: { refund: number; exchangeNumber: string | null }) =>
      [
        "Your returned items have reached us.",
        outcome.refund > 0 ? `We owe you a refund of ${formatKsh(outcome.refund)} and will send it shortly.` : "",
        outcome.exchangeNumber ? `Your exchange is on its way as order ${outcome.exchangeNumber}, with nothing to pay.` : "",
      ]
        .filter(Boolean)
        .join(" "),
  },
} as const;

export type ReturnStep = keyof typeof returnCopy;

/**
 * A step of a return, inside its transaction: the order's history (who, when, `note` for staff),
 * the owner's bell (account holders) and an e-mail to everyone through the outbox, once per step.
 */
export async function returnStepped(
  tx: Database,
  step: {
    returnId: number;
    name: ReturnStep;
    order: { id: number; number: string; status: OrderStatus; userId: string | null; email: string; fullName: string };
    actor: Actor;
    /** What the shopper reads, from returnCopy. */
    body: string;
    note: string;
  },
): Promise<void> {
  const { order } = step;
  await tx.insert(orderHistory).values({
    orderId: order.id,
    actorId: step.actor.id,
    actorLabel: step.actor.label,
    fromStatus: order.status,
    toStatus: order.status,
    note: step.note,
  });
  const subject = `Your order ${order.number}: ${returnCopy[step.name].subject}`;
  if (order.userId) {
    await notify(tx, {
      userId: order.userId,
      kind: "order_status_changed",
      title: subject,
      body: step.body,
      link: orderPath(order.number),
    });
  }
  const key = `return:${step.returnId}:${step.name}`;
  await textShopper(tx, order, key, orderTexts.returns[step.name]);
  // A phone-only order (no e-mail address) hears by text alone.
  if (!order.email) return;
  await enqueueMail(tx, key, {
    to: order.email,
    subject,
    text: [
      // No name from the form to an address never seen before.
      (await isKnownAddress(tx, order.email, order.id)) ? `Hello ${order.fullName},` : "Hello,",
      "",
      step.body,
      "",
      `Your order: ${orderLinkUrl(order)}`,
      "",
      questionsLine(await findShopDetails(tx)),
    ].join("\n"),
  });
}
