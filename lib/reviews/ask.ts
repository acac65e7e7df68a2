import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { orderHistory, orders, outbox, returns, smsMessages, whatsappMessages } from "@/lib/db/schema";
import { orderLinkUrl } from "@/lib/orders/order-link";
import { textShopper } from "@/lib/orders/order-texts";
import { enqueueMail } from "@/lib/outbox/outbox";
import { findShopDetails } from "@/lib/shop-details/details";
import { questionsLine } from "@/lib/shop-details/contact";
import { site } from "@/lib/site";

/**
 * Orders delivered longer ago than this past REVIEW_ASK_DAYS are never asked: when reviews start,
 * or after the shop was down a while, old buyers are not flooded with asks for things long worn.
 */
export const REVIEW_ASK_LATEST_DAYS = 14;

/** How many orders one pass asks, so a backlog is spread over passes. */
const ASKS_PER_PASS = 50;

/** The ask's text after "order KT-… ": with the order's short link, it fits one GSM-7 SMS. */
export const reviewAskText = ": how do you like it? Review it on your order page.";

/** The outbox key of an order's ask (its text's key is `sms:` and this). */
export const reviewAskKey = (number: string) => `review-ask:${number}`;

/**
 * Asks each buyer whose order was delivered (or collected) `days` ago, once, for a review: by e-mail
 * with the order's signed link, and by text where SMS is set up and the buyer has not stopped texts.
 * Never an order that was cancelled, came back or has a return under way (only delivered orders
 * qualify, and none with a return that was not declined). Each ask is one transaction, keyed by the
 * order, so two passes (two instances) never ask twice. Returns the numbers asked.
 */
export async function askForReviews(db: Database, { days, now = new Date() }: { days: number; now?: Date }) {
  const deliveredAt = db
    .select({ at: sql`max(${orderHistory.at})` })
    .from(orderHistory)
    .where(and(eq(orderHistory.orderId, orders.id), eq(orderHistory.toStatus, "delivered")));
  const due = await db
    .select({ id: orders.id, number: orders.number, email: orders.email })
    .from(orders)
    .where(
      and(
        eq(orders.status, "delivered"),
        sql`(${deliveredAt}) between ${daysBefore(now, days + REVIEW_ASK_LATEST_DAYS)}::timestamptz and ${daysBefore(now, days)}::timestamptz`,
        sql`not exists (select 1 from ${returns} where ${returns.orderId} = ${orders.id} and ${returns.status} <> 'declined')`,
        sql`not exists (select 1 from ${outbox} where ${outbox.key} = 'review-ask:' || ${orders.number})`,
        sql`not exists (select 1 from ${smsMessages} where ${smsMessages.key} = 'sms:review-ask:' || ${orders.number})`,
        sql`not exists (select 1 from ${whatsappMessages} where ${whatsappMessages.key} = 'whatsapp:review-ask:' || ${orders.number})`,
      ),
    )
    .orderBy(orders.id)
    .limit(ASKS_PER_PASS);
  for (const order of due) await ask(db, order);
  return { asked: due.map((order) => order.number) };
}

async function ask(db: Database, order: { id: number; number: string; email: string }) {
  await db.transaction(async (tx) => {
    // Taken by another pass meanwhile: its keys are there, and queuing them again changes nothing.
    const key = reviewAskKey(order.number);
    await textShopper(tx, order, key, reviewAskText);
    if (!order.email) return;
    await enqueueMail(tx, key, {
      to: order.email,
      subject: `How do you like your order ${order.number}?`,
      text: [
        "Hello,",
        "",
        `Thank you for shopping with ${site.name}. How do you like what you bought? Your review helps other`,
        "shoppers choose, and only buyers like you can write one. It takes a minute:",
        "",
        `${orderLinkUrl(order)}#reviews`,
        "",
        questionsLine(await findShopDetails(tx)),
      ].join("\n"),
    });
  });
}

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
