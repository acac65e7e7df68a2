import "server-only";
import { and, eq, exists, sql } from "drizzle-orm";
import { formatKsh } from "@/lib/catalog/price";
import type { Database } from "@/lib/db";
import { orders, payments, user } from "@/lib/db/schema";
import { site } from "@/lib/site";
import { queueSms } from "@/lib/sms/queue";
import { smsEnabled } from "@/lib/sms/client";
import { whatsappEnabled } from "@/lib/whatsapp/client";
import { queueWhatsapp } from "@/lib/whatsapp/queue";
import { whatsappChoiceWording } from "@/lib/whatsapp/choice-copy";
import { orderShortUrl } from "./order-link";
import { isOrderNumber } from "./order-number";
import { staffOrderPath } from "./staff-filters";
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

/** A courier's parcel on its way: the SMS given the order's link, and who carries it with its waybill for WhatsApp. */
export type CourierDispatch = { sms: (link: string) => string; courier: { name: string; waybill: string } };

/**
 * Tells the shopper of an order's event, once, under the event's key (like its e-mail), in the
 * event's transaction: on WhatsApp when they chose it and WhatsApp is set up (lib/whatsapp; the SMS
 * follows only should it fail), else by text when SMS is set up and the buyer has not stopped them.
 * An update about an order that is paid, or under way (confirmed, or further), is essential: the
 * shop's daily budget never holds it back (lib/sms/queue.ts); one about a new, unpaid order may wait.
 */
export async function textShopper(
  tx: Database,
  order: { id: number; number: string },
  key: string,
  /** What happened (orderTexts), or a courier's dispatch. */
  update: string | CourierDispatch,
): Promise<void> {
  const onWhatsapp = whatsappEnabled();
  if (!smsEnabled() && !onWhatsapp) return;
  const paid = tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orders.id), eq(payments.status, "paid")));
  const [row] = await tx
    .select({
      phone: orders.phone,
      smsUpdates: orders.smsUpdates,
      whatsapp: sql<boolean>`${orders.whatsappChosenAt} is not null`,
      fullName: orders.fullName,
      total: orders.total,
      status: orders.status,
      paid: sql<boolean>`${exists(paid)}`,
    })
    .from(orders)
    .where(eq(orders.id, order.id));
  if (!row?.phone) return;
  const link = orderShortUrl(order);
  const text = typeof update === "string" ? orderText(order.number, update, link) : update.sms(link);
  const essential = row.paid || (row.status !== "placed" && row.status !== "cancelled");
  if (onWhatsapp && row.whatsapp) {
    const values = {
      firstName: row.fullName.trim().split(/\s+/)[0] ?? "",
      number: order.number,
      total: formatKsh(row.total),
      link,
    };
    const whatsappUpdate =
      typeof update === "string"
        ? { ...values, update }
        : { ...values, update: orderTexts.courierStatus.dispatched ?? "", courier: update.courier };
    await queueWhatsapp(
      tx,
      `whatsapp:${key}`,
      { to: row.phone, orderId: order.id, update: whatsappUpdate, fallbackText: text },
      { essential },
    );
    return;
  }
  if (!smsEnabled() || !row.smsUpdates) return;
  await queueSms(tx, `sms:${key}`, { to: row.phone, message: text, orderId: order.id }, { essential });
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

/** Whether the account chose WhatsApp for its next orders' updates (checkout's box starts from it). */
export async function findWhatsappPreference(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ chosenAt: user.whatsappChosenAt }).from(user).where(eq(user.id, userId));
  return Boolean(row?.chosenAt);
}

/** Records the account's choice with its time and words; unticked, the record goes. */
export async function setWhatsappPreference(db: Database, userId: string, on: boolean): Promise<void> {
  await db
    .update(user)
    .set(
      on
        ? {
            whatsappChosenAt: sql`coalesce(${user.whatsappChosenAt}, now())`,
            whatsappChoiceWording: whatsappChoiceWording("account"),
          }
        : { whatsappChosenAt: null, whatsappChoiceWording: null },
    )
    .where(eq(user.id, userId));
}

/** The order a shopper's WhatsApp message names by its number, with its staff page, for the bell (lib/whatsapp/webhook.ts). */
export async function findOrderMentioned(db: Database, text: string): Promise<{ number: string; link: string } | null> {
  const number = text.toUpperCase().match(/KT-[0-9A-Z]{7}/)?.[0];
  if (!number || !isOrderNumber(number)) return null;
  const [row] = await db.select({ number: orders.number }).from(orders).where(eq(orders.number, number));
  return row ? { number: row.number, link: staffOrderPath(row.number) } : null;
}
