import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OrderDetails } from "@/components/orders/OrderDetails";
import { OrderReturns } from "@/components/orders/OrderReturns";
import { OrderSmsUpdates } from "@/components/orders/OrderSmsUpdates";
import { OrderReviews } from "@/components/reviews/OrderReviews";
import { env } from "@/lib/env";
import { hasInvoices } from "@/lib/invoices/invoice-view";
import { invoicePathOf } from "@/lib/invoices/labels";
import { findOrderReturns } from "@/lib/returns/order-returns";
import { listReviewableLines } from "@/lib/reviews/post-review";
import { getDb } from "@/lib/server/database";
import { orderOwnerCredentials } from "@/lib/server/cart-owner";
import { maskOrder } from "@/lib/orders/masking";
import { browserPurchaseOf } from "@/lib/orders/analytics";
import { eventOnShow } from "@/lib/analytics/browser-events";
import { findOrderAccess, orderPathFor } from "@/lib/orders/order-link";
import { orderLinkParam } from "@/lib/orders/status";
import { smsEnabled } from "@/lib/sms/client";

export const metadata: Metadata = {
  title: "Your order",
  description: "Your Kijani Threads order: what you ordered, and when and how it is delivered.",
  robots: { index: false },
};

type Props = { params: Promise<{ number: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * An order: in full for the shopper who placed it (their session, or as a guest their cart
 * cookie), masked for anyone holding its signed link; anyone else gets 404. Either may ask to
 * return a delivered order, and review its items.
 */
export default async function OrderPage({ params, searchParams }: Props) {
  const [{ number }, query, credentials, db] = await Promise.all([params, searchParams, orderOwnerCredentials(), getDb()]);
  const access = await findOrderAccess(db, number, credentials, query[orderLinkParam]);
  if (access.kind === "none") notFound();
  const linkKey = access.kind === "link" ? access.token : undefined;
  const returns = await findOrderReturns(db, access.order, {
    windowDays: env().RETURN_WINDOW_DAYS,
    viaLink: access.kind === "link",
  });
  const reviewable = await listReviewableLines(db, access.order);
  const invoiceHref = (await hasInvoices(db, access.order.id)) ? invoicePathOf(orderPathFor(access)) : undefined;
  const order = access.kind === "link" ? maskOrder(access.order) : access.order;
  // The buyer's own page sends the purchase from the browser (with consent), under the server's event id.
  const purchase = access.kind === "owner" ? browserPurchaseOf(access.order) : null;
  return (
    <OrderDetails
      order={order}
      linkKey={linkKey}
      guest={access.kind === "owner" && !credentials.userId}
      invoiceHref={invoiceHref}
    >
      {purchase && <div hidden {...eventOnShow(purchase)} />}
      {smsEnabled() && <OrderSmsUpdates number={order.number} on={order.smsUpdates} linkKey={linkKey} />}
      <OrderReturns number={access.order.number} linkKey={linkKey} returns={returns} />
      <OrderReviews number={access.order.number} linkKey={linkKey} lines={reviewable} />
    </OrderDetails>
  );
}
