import "server-only";
import { and, eq, exists, sql } from "drizzle-orm";
import { formatKsh } from "@/lib/catalog/price";
import type { Database } from "@/lib/db";
import { orders, payments, user } from "@/lib/db/schema";
import { site } from "@/lib/site";
import { queueSms } from "@/lib/sms/queue";
import { smsEnabled } from "@/lib/sms/client";
import { orderShortUrl } from "./order-link";
import type { OrderStatus } from "./status";

// The texts a shopper gets about an order, one for every e-mail about it, in one place. Each fits
// one GSM-7 SMS (160 characters; order-texts.test.ts checks the longest number and site address):
// the shop's name, the order number, what happened, and the short link to the order, where the
// shopper can also stop the texts. No words from the form, and no curly quotes (they would make it UCS-2).

/** A pickup order's status texts, where they differ (lib/orders/status-copy.ts). */
const pickupStatusTexts: Partial<Record<OrderStatus, string>> = {
  dispatched: "is on its way to your pickup point.",
  delivered: "is collected. Enjoy!",
  delivery_failed: "was not collected. We will call you.",
};

/** What happened, after "order KT-… ". */
export const orderTexts = {
  // Received, not confirmed: staff confirm it later (an unconfirmed pay-on-delivery order may be cancelled).
  placed: "is received. Thank you!",
  status: {
    placed: "is received.",
    confirmed: "is confirmed and being packed.",
    dispatched: "is on its way. The rider will call.",
    // Only pickup orders are made ready.
    ready_for_pickup: "is ready to collect at your pickup point.",
    delivered: "is delivered. Enjoy!",
    cancelled: "is cancelled.",
    delivery_failed: "could not be delivered. We will call you.",
    returned: "came back to us and is closed.",
  } satisfies Record<OrderStatus, string>,
  pickupStatus: pickupStatusTexts,
  /** A courier's parcel: on its way before its waybill is known (once known, lib/couriers/shipment-words.ts), and back. */
  courierStatus: {
    dispatched: "is on its way by courier.",
    delivery_failed: "came back from the courier. We will call you.",
  } as Partial<Record<OrderStatus, string>>,
  refund: (amount: number) => `: your refund of ${formatKsh(amount)} is sent.`,
  /** A return's steps (lib/returns/events.ts, returnCopy). */
  returns: {
    requested: ": your return request is received.",
    approved: ": your return is approved. We will call.",
    declined: ": your return request is declined.",
    expired: ": your return did not reach us; closed.",
    received: ": your returned items have arrived.",
  },
} as const;

/** A whole text: the longest phrase, number and link still make 160 GSM-7 characters. */
export function orderText(number: string, phrase: string, link: string): string {
  const joiner = phrase.startsWith(":") ? "" : " ";
  return `${site.name}: order ${number}${joiner}${phrase} Stop SMS or see it: ${link}`;
}

/**
 * Queues an order's text under the event's key (one per event, like its e-mail), in the event's
 * transaction, when SMS is set up and the order's buyer has not stopped them. A text about an order
 * that is paid, or under way (confirmed, or further), is essential: the shop's daily budget never
 * holds it back (lib/sms/queue.ts); one about a new, unpaid order may wait.
 */
export async function textShopper(
  tx: Database,
  order: { id: number; number: string },
  key: string,
  /** What happened (orderTexts), or the whole text given the order's link (a courier's dispatch). */
  phrase: string | ((link: string) => string),
): Promise<void> {
  if (!smsEnabled()) return;
  const paid = tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orders.id), eq(payments.status, "paid")));
  const [row] = await tx
    .select({ phone: orders.phone, smsUpdates: orders.smsUpdates, status: orders.status, paid: sql<boolean>`${exists(paid)}` })
    .from(orders)
    .where(eq(orders.id, order.id));
  if (!row?.smsUpdates || !row.phone) return;
  const link = orderShortUrl(order);
  const text = typeof phrase === "string" ? orderText(order.number, phrase, link) : phrase(link);
  const message = { to: row.phone, message: text, orderId: order.id };
  const underWay = row.status !== "placed" && row.status !== "cancelled";
  await queueSms(tx, `sms:${key}`, message, { essential: row.paid || underWay });
}

/** Stops an order's texts (its page's button, for its owner or the holder of its link). */
export async function stopOrderTexts(db: Database, orderId: number): Promise<void> {
  await db.update(orders).set({ smsUpdates: false }).where(eq(orders.id, orderId));
}

/** Whether a shopper's next orders start with texts on (the account's setting; checkout's box starts from it). */
export async function findSmsPreference(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ smsUpdates: user.smsUpdates }).from(user).where(eq(user.id, userId));
  return row?.smsUpdates ?? true;
}

export async function setSmsPreference(db: Database, userId: string, on: boolean): Promise<void> {
  await db.update(user).set({ smsUpdates: on }).where(eq(user.id, userId));
}
