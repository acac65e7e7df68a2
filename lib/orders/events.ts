import "server-only";
import { announceCacheChange, cacheTags, type CacheTag } from "@/lib/cache/changes";
import { formatKsh } from "@/lib/catalog/price";
import { formatDeliveryWindow } from "@/lib/checkout/delivery";
import { shopper, type Actor } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { authThrottle, notifications, orderHistory, payments } from "@/lib/db/schema";
import { and, desc, eq, gt, like, or, sql } from "drizzle-orm";
import type { Carrier, FulfilmentKind, RefundChannel } from "@/lib/db/values";
import { findShipment } from "@/lib/couriers/shipments";
import { courierDispatchText, dispatchParagraph, type ShipmentView } from "@/lib/couriers/shipment-words";
import { notify } from "@/lib/notifications/notifications";
import { alertStaff } from "@/lib/notifications/staff-alerts";
import { enqueueMail } from "@/lib/outbox/outbox";
import { reportPurchase } from "@/lib/analytics/purchase";
import { purchaseOf } from "./analytics";
import { issueSaleInvoice, type PaidBy } from "@/lib/invoices/issue";
import { countRedemption } from "@/lib/discounts/redemptions";
import { hasInvoices } from "@/lib/invoices/invoice-view";
import { invoicePathOf } from "@/lib/invoices/labels";
import { findShopDetails } from "@/lib/shop-details/details";
import { questionsLine } from "@/lib/shop-details/contact";
import { site } from "@/lib/site";
import { invoiceLine, orderConfirmationMail } from "./confirmation-mail";
import { paidAheadWords, payOnArrival } from "./payment-copy";
import { pickupDirections, statusCopyOf } from "./status-copy";
import { isKnownAddress } from "./known-address";
import { backOfficeSections } from "@/lib/admin/sections";
import { authBaseURL } from "@/lib/auth/config";
import { orderLinkUrl } from "./order-link";
import { orderTexts, textShopper } from "./order-texts";
import { staffOrderPath, staffOrdersHref } from "./staff-filters";
import { findOrderUnchecked, type OrderView } from "./order-view";
import { env } from "@/lib/env";
import { owedBack, refundLine, returnPolicy } from "./refund-rules";
import { isClosed, orderPath, orderStatusLabel, type OrderStatus } from "./status";

// What follows each order event: the catalog refresh, the shopper's bell notification and the
// e-mail. Each runs inside the event's own transaction, so the follow-up is stored with the change
// or not at all; the outbox worker and the cache listener carry it out after the commit, with or
// without a request (checkout, the back office, background jobs).

/**
 * A new order: the pages its stock change made stale (`staleTags`), its first history entry, the
 * buyer's bell, the staff's bell (and e-mail, for those who chose it), and the confirmation
 * e-mail; an M-Pesa order's staff bell and confirmation wait for its payment (or a switch to pay
 * on delivery), so unpaid orders ring nothing. `clientAddress` gathers a burst into one bell.
 */
export async function orderPlaced(
  tx: Database,
  order: OrderView,
  userId: string | null,
  staleTags: CacheTag[],
  clientAddress: string | null = null,
): Promise<void> {
  for (const tag of staleTags) await announceCacheChange(tx, tag);
  await tx.insert(orderHistory).values({ orderId: order.id, actorId: userId, actorLabel: shopper.label, toStatus: "placed" });
  // Paid ahead (M-Pesa's prompt, Pesapal): staff and the confirmation e-mail wait for the money.
  const paidAhead = order.payment.method !== "pay_on_delivery";
  if (userId) {
    const { method } = order.payment;
    const payment = method === "pay_on_delivery" ? "pay on delivery" : paidAheadWords[method];
    await notify(tx, {
      userId,
      kind: "order_placed",
      title: `Order ${order.number} placed`,
      body: `Thank you! ${formatKsh(order.total)}, ${payment}. ${order.pickup ? `Ready at ${order.pickup.name}` : "Expected"} ${formatDeliveryWindow(order.deliveryWindow)}.`,
      link: orderPath(order.number),
    });
  }
  if (paidAhead) return;
  await ringNewOrder(tx, order, clientAddress);
  await queueConfirmation(tx, order.id);
  // Paid on delivery: a purchase as soon as it is placed (with the shopper's consent).
  await reportPurchase(tx, purchaseOf(order));
}

/** New orders from one client address within this time of the first ring one bell between them. */
const burstMs = () => env().NEW_ORDER_BURST_MINUTES * 60_000;

/**
 * The staff's 'New order' bell, or, for the second and later orders from the same client address
 * within `burstMs` of the first, that first bell rewritten to count them (and no more e-mails), so
 * a script of orders cannot flood the back office.
 */
async function ringNewOrder(tx: Database, order: OrderView, clientAddress: string | null): Promise<void> {
  const first = clientAddress && burstMs() > 0 ? await burstStartedBy(tx, clientAddress, order.number) : null;
  if (!first) return alertStaff(tx, staffCopy.placed(order));
  const [burst] = await tx
    .update(authThrottle)
    .set({ count: sql`${authThrottle.count} + 1` })
    .where(eq(authThrottle.key, burstKey(clientAddress!, first)))
    .returning({ count: authThrottle.count });
  await tx
    .update(notifications)
    .set({ ...staffCopy.burst(first, order.number, burst.count), readAt: null })
    .where(
      and(
        eq(notifications.kind, "order_placed"),
        gt(notifications.createdAt, sql`now() - interval '1 day'`),
        or(eq(notifications.link, staffOrderPath(first)), like(notifications.title, `%${first}%`)),
      ),
    );
}

const burstKey = (clientAddress: string, first: string) => `staff-bell-burst:${clientAddress}:${first}`;

/** The number of the order that started the address's current burst; null (and this one starts it) when there is none. */
async function burstStartedBy(tx: Database, clientAddress: string, number: string): Promise<string | null> {
  const now = Date.now();
  const [row] = await tx
    .select({ key: authThrottle.key })
    .from(authThrottle)
    .where(and(like(authThrottle.key, `${burstKey(clientAddress, "")}%`), gt(authThrottle.windowStart, now - burstMs())))
    .orderBy(desc(authThrottle.windowStart))
    .limit(1);
  if (row) return row.key.slice(burstKey(clientAddress, "").length);
  await tx.insert(authThrottle).values({ key: burstKey(clientAddress, number), count: 1, windowStart: now });
  return null;
}

/**
 * Money received by M-Pesa: the order's history, the staff's and the buyer's bell, and the
 * confirmation e-mail (once per order, whichever event sends it first). Money that must go back
 * says so instead.
 */
export async function paymentReceived(
  tx: Database,
  payment: {
    order: { id: number; number: string; status: OrderStatus; userId: string | null };
    amount: number;
    receipt: string | null;
    refundDue: boolean;
    actor: Actor;
    /** How it was paid: its words (paidAheadWords) and eTIMS's payment type; M-Pesa (mobile money) when left out. */
    by?: { words: string; paidBy: PaidBy };
  },
): Promise<void> {
  const { order } = payment;
  const by = payment.by ?? { words: paidAheadWords.mpesa, paidBy: "mobileMoney" };
  const receipt = payment.receipt ? `, receipt ${payment.receipt}` : "";
  const note = `Paid ${formatKsh(payment.amount)} ${by.words}${receipt}.`;
  await tx.insert(orderHistory).values({
    orderId: order.id,
    actorId: payment.actor.id,
    actorLabel: payment.actor.label,
    fromStatus: order.status,
    toStatus: order.status,
    note,
  });
  // Money that goes back (createRefundDue's history line says so) confirms nothing and sells nothing.
  if (payment.refundDue) return;
  await countRedemption(tx, order.id);
  await issueSaleInvoice(tx, { orderId: order.id, paidBy: by.paidBy });
  // Its first bell for staff: an unpaid M-Pesa order rang none.
  await alertStaff(tx, staffCopy.placed((await findOrderUnchecked(tx, order.id))!));
  if (order.userId) {
    await notify(tx, {
      userId: order.userId,
      kind: "order_status_changed",
      title: `Order ${order.number}: Paid`,
      body: `We received ${formatKsh(payment.amount)} ${by.words}. Thank you!`,
      link: orderPath(order.number),
    });
  }
  await queueConfirmation(tx, order.id);
  await reportPurchase(tx, purchaseOf((await findOrderUnchecked(tx, order.id))!));
}

/**
 * The shopper chose to pay on delivery after all: recorded, and the order is confirmed by e-mail.
 * Its staff bell joins the burst of its client address, as a new order's does.
 */
export async function switchedToPayOnDelivery(
  tx: Database,
  order: { id: number; status: OrderStatus; userId: string | null },
  clientAddress: string | null,
): Promise<void> {
  await tx.insert(orderHistory).values({
    orderId: order.id,
    actorId: order.userId,
    actorLabel: shopper.label,
    fromStatus: order.status,
    toStatus: order.status,
    note: "Switched to pay on delivery.",
  });
  // Now an order for staff to confirm: its first bell (an unpaid M-Pesa order rang none).
  const switched = (await findOrderUnchecked(tx, order.id))!;
  await ringNewOrder(tx, switched, clientAddress);
  await queueConfirmation(tx, order.id);
  await reportPurchase(tx, purchaseOf(switched));
}

async function queueConfirmation(tx: Database, orderId: number): Promise<void> {
  const order = (await findOrderUnchecked(tx, orderId))!;
  const key = `order-placed:${order.number}`;
  // A phone-only order (no e-mail address) hears by text alone.
  if (order.delivery.email) {
    const known = await isKnownAddress(tx, order.delivery.email, order.id);
    await enqueueMail(
      tx,
      key,
      orderConfirmationMail(orderLinkUrl(order), order, known, {
        contact: await findShopDetails(tx),
        invoiceUrl: await invoiceUrlOf(tx, order),
      }),
    );
  }
  await textShopper(tx, order, key, orderTexts.placed);
}

/** The order's tax invoice in full, with the order's signed link's key, once it has one (else undefined). */
async function invoiceUrlOf(tx: Database, order: { id: number; number: string }): Promise<string | undefined> {
  return (await hasInvoices(tx, order.id)) ? invoicePathOf(orderLinkUrl(order)) : undefined;
}

/**
 * An order moved from one status to another: its history (who, when, the note), the owner's bell
 * (account holders) and an e-mail to everyone, guests included. A closed order's words say what is
 * owed back (`owed`, whole KSh).
 */
export async function orderStatusChanged(
  tx: Database,
  change: {
    order: OrderContact & { fulfilment: FulfilmentKind; carrier: Carrier } & PickupCopy;
    from: OrderStatus;
    to: OrderStatus;
    actor: Actor;
    note: string;
    owed?: number;
    /** False: no text, only the bell and the e-mail. */
    text?: boolean;
  },
): Promise<void> {
  const { order, to: status } = change;
  // Closing puts stock back on sale.
  if (isClosed(status)) await announceCacheChange(tx, cacheTags.catalog);
  // Who carries it: the courier staff named at dispatch, else the county's carrier the order copied.
  const shipment = order.fulfilment === "delivery" ? await findShipment(tx, order.id) : null;
  const copy = statusCopyFor(order.fulfilment, status, shipment?.courier.kind ?? order.carrier);
  const body = [copy.body, await followUp(tx, order, status, change.owed ?? 0, shipment)].filter(Boolean).join(" ");
  const courierText =
    status === "dispatched" && shipment?.courier.kind === "courier"
      ? {
          sms: (link: string) => courierDispatchText(site.name, order.number, shipment, link),
          courier: { name: shipment.courier.name, waybill: shipment.waybill },
        }
      : null;
  const [entry] = await tx
    .insert(orderHistory)
    .values({
      orderId: order.id,
      actorId: change.actor.id,
      actorLabel: change.actor.label,
      fromStatus: change.from,
      toStatus: status,
      note: change.note,
    })
    .returning({ id: orderHistory.id });
  // Keyed by the change: a parcel may be dispatched, or fail, more than once.
  await tellShopper(tx, order, {
    key: `order-status:${order.number}:${status}:${entry.id}`,
    title: `Order ${order.number}: ${orderStatusLabel(order.fulfilment, status)}`,
    subject: `Your order ${order.number} ${copy.subject}`,
    body,
    text: change.text === false ? null : (courierText ?? copy.text),
  });
}

type OrderContact = { id: number; number: string; userId: string | null; email: string; fullName: string };

/** A refund was sent (recorded by staff): the shopper hears how much and how, by bell and e-mail. */
export async function refundRecorded(
  tx: Database,
  refund: { id: number; order: OrderContact; amount: number; reference: string | null; method: RefundChannel | null },
): Promise<void> {
  const { order } = refund;
  await tellShopper(tx, order, {
    key: `refund-recorded:${refund.id}`,
    title: `Order ${order.number}: Refunded`,
    subject: `Your refund for order ${order.number}`,
    body: refundLine({ ...refund, status: "recorded" }),
    text: orderTexts.refund(refund.amount),
  });
}

/**
 * The owner's bell (account holders), an e-mail to everyone with an address, guests included, and
 * a text (`text`, from orderTexts; none when null), each once under the event's key.
 */
async function tellShopper(
  tx: Database,
  order: OrderContact,
  message: { key: string; title: string; subject: string; body: string; text: Parameters<typeof textShopper>[3] | null },
): Promise<void> {
  const { title, body } = message;
  if (order.userId)
    await notify(tx, { userId: order.userId, kind: "order_status_changed", title, body, link: orderPath(order.number) });
  if (message.text) await textShopper(tx, order, message.key, message.text);
  if (!order.email) return;
  await enqueueMail(tx, message.key, {
    to: order.email,
    subject: message.subject,
    text: [
      // No name from the form to an address never seen before.
      (await isKnownAddress(tx, order.email, order.id)) ? `Hello ${order.fullName},` : "Hello,",
      "",
      body,
      "",
      `Your order: ${orderLinkUrl(order)}`,
      // Once the order is a sale (paid, or delivered and paid to the rider), every e-mail links its invoice.
      ...invoiceLine(await invoiceUrlOf(tx, order)),
      "",
      questionsLine(await findShopDetails(tx)),
    ].join("\n"),
  });
}

/** The point an order copied when placed (all null for a delivered order). */
type PickupCopy = { pickupName: string | null; pickupAddress: string | null; pickupHours: string | null };

/**
 * What a closed order owes back; who carries a dispatched one, its waybill and where to collect it;
 * where, when and how to collect a ready one; what a delivered one may still do.
 */
async function followUp(
  tx: Database,
  order: { id: number } & PickupCopy,
  status: OrderStatus,
  owed: number,
  shipment: ShipmentView | null,
): Promise<string> {
  if (isClosed(status)) return owedBack(owed);
  if (status === "dispatched" && shipment) return dispatchParagraph(shipment);
  if (status === "ready_for_pickup" && order.pickupName !== null) {
    const place = { name: order.pickupName, address: order.pickupAddress ?? "", hours: order.pickupHours ?? "" };
    return pickupDirections(place, await owesOnArrival(tx, order.id));
  }
  return status === "delivered" ? returnPolicy(env().RETURN_WINDOW_DAYS) : "";
}

/** Whether the order is still to be paid when it reaches the shopper (a pending pay-on-delivery payment). */
async function owesOnArrival(tx: Database, orderId: number): Promise<boolean> {
  const [pending] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.method, "pay_on_delivery"), eq(payments.status, "pending")))
    .limit(1);
  return pending !== undefined;
}

/** The e-mail's subject and body and the text for an order's new status, as it is delivered (by whom) or picked up. */
function statusCopyFor(fulfilment: FulfilmentKind, status: OrderStatus, carrier: Carrier) {
  const text =
    (fulfilment === "pickup" && orderTexts.pickupStatus[status]) ||
    (carrier === "courier" && orderTexts.courierStatus[status]) ||
    orderTexts.status[status];
  return { ...statusCopyOf(fulfilment, status, carrier), text };
}

/**
 * What the back office hears of orders: the bell links to the order's staff page, and the
 * new-order e-mail (for those who chose it) says the same in the shop's words only.
 */
export const staffCopy = {
  placed(order: OrderView) {
    const title = `New order ${order.number}`;
    // The bell stays after the order moves on: it names the payment, not a step that may be long done.
    const { method } = order.payment;
    const payment =
      method === "pay_on_delivery" ? payOnArrival[order.fulfilment].label.toLowerCase() : `paid ${paidAheadWords[method]}`;
    const body = `${order.itemCount} ${order.itemCount === 1 ? "item" : "items"}, ${formatKsh(order.total)}, ${payment}.`;
    const link = staffOrderPath(order.number);
    const text = [body, "", `Open it: ${authBaseURL()}${link}`, "", staffEmailFooter()].join("\n");
    return {
      kind: "order_placed" as const,
      title,
      body,
      link,
      newOrderEmail: { key: `staff-new-order:${order.number}`, mail: { subject: `${site.name}: ${title}`, text } },
    };
  },
  /** The first bell of a burst of new orders from one client address, rewritten as each arrives. */
  burst(first: string, latest: string, count: number) {
    return {
      title: `${count} new orders from one client, from ${first}`,
      body: `The latest is ${latest}, within ${burstMs() / 60_000} minutes of the first. Check them before confirming any.`,
      link: staffOrdersHref({ status: "placed" }),
    };
  },
};

/** Where the new-order e-mails are switched off. */
const staffEmailFooter = () =>
  `You get this e-mail because you chose it. Switch it off under Notifications in the back office: ${authBaseURL()}${backOfficeSections.notifications.path}`;
