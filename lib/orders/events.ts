import { authBaseURL } from "@/lib/auth/config";
import { announceCacheChange, cacheTags } from "@/lib/cache/changes";
import { formatKsh } from "@/lib/catalog/price";
import { formatDeliveryWindow } from "@/lib/checkout/delivery";
import type { Actor } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { orderHistory } from "@/lib/db/schema";
import { notify } from "@/lib/notifications/notifications";
import { enqueueMail } from "@/lib/outbox/outbox";
import { site } from "@/lib/site";
import { orderConfirmationMail } from "./confirmation-mail";
import type { OrderView } from "./orders";
import { orderPath, orderStatusLabels, type OrderStatus } from "./status";

// What follows each order event: the catalog refresh, the shopper's bell notification and the
// e-mail. Each runs inside the event's own transaction, so the follow-up is stored with the change
// or not at all; the outbox worker and the cache listener carry it out after the commit, with or
// without a request (checkout, the back office, background jobs).

/** A new order: stock changed, its first history entry, the buyer's bell and the confirmation e-mail. */
export async function orderPlaced(tx: Database, order: OrderView, userId: string | null): Promise<void> {
  await announceCacheChange(tx, cacheTags.catalog);
  await tx.insert(orderHistory).values({ orderId: order.id, actorId: userId, actorLabel: "Shopper", toStatus: "placed" });
  if (userId) {
    await notify(tx, {
      userId,
      kind: "order_placed",
      title: `Order ${order.number} placed`,
      body: `Thank you! ${formatKsh(order.total)}, pay on delivery. Expected ${formatDeliveryWindow(order.deliveryWindow)}.`,
      link: orderPath(order.number),
    });
  }
  await enqueueMail(tx, `order-placed:${order.number}`, orderConfirmationMail(authBaseURL(), order));
}

/**
 * An order moved from one status to another: its history (who, when, the note), the owner's bell
 * (account holders) and an e-mail to everyone, guests included.
 */
export async function orderStatusChanged(
  tx: Database,
  change: {
    order: { id: number; number: string; userId: string | null; email: string; fullName: string };
    from: OrderStatus;
    to: OrderStatus;
    actor: Actor;
    note: string;
  },
): Promise<void> {
  const { order, to: status } = change;
  // Cancelling puts stock back on sale.
  if (status === "cancelled") await announceCacheChange(tx, cacheTags.catalog);
  await tx.insert(orderHistory).values({
    orderId: order.id,
    actorId: change.actor.id,
    actorLabel: change.actor.label,
    fromStatus: change.from,
    toStatus: status,
    note: change.note,
  });
  const title = `Order ${order.number}: ${orderStatusLabels[status]}`;
  if (order.userId) {
    await notify(tx, {
      userId: order.userId,
      kind: "order_status_changed",
      title,
      body: statusCopy[status].body,
      link: orderPath(order.number),
    });
  }
  await enqueueMail(tx, `order-status:${order.number}:${status}`, {
    to: order.email,
    subject: `Your order ${order.number} ${statusCopy[status].subject}`,
    text: [
      `Hello ${order.fullName},`,
      "",
      statusCopy[status].body,
      "",
      `Your order: ${authBaseURL()}${orderPath(order.number)}`,
      "",
      `Questions? Call ${site.phone} or write to ${site.email}.`,
    ].join("\n"),
  });
}

/** What the shopper reads when their order changes: the e-mail's subject ends with `subject`. */
export const statusCopy: Record<OrderStatus, { subject: string; body: string }> = {
  placed: { subject: "is placed", body: "We have received your order." },
  confirmed: { subject: "is confirmed", body: "We have confirmed your order and are packing it." },
  dispatched: { subject: "is on its way", body: "Your order is on its way. The rider will call before delivery." },
  delivered: { subject: "has been delivered", body: "Your order has been delivered. Enjoy, and thank you!" },
  cancelled: { subject: "has been cancelled", body: "Your order has been cancelled. Nothing is owed." },
};
