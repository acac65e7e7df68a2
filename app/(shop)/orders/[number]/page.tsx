import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OrderDetails } from "@/components/orders/OrderDetails";
import { OrderReturns } from "@/components/orders/OrderReturns";
import { env } from "@/lib/env";
import { findOrderReturns } from "@/lib/returns/order-returns";
import { getDb } from "@/lib/server/database";
import { orderOwnerCredentials } from "@/lib/server/cart-owner";
import { findOrderForOwner } from "@/lib/orders/shopper-orders";

export const metadata: Metadata = {
  title: "Your order",
  description: "Your Kijani Threads order: what you ordered, and when and how it is delivered.",
  robots: { index: false },
};

type Props = { params: Promise<{ number: string }> };

/** An order, for the shopper who placed it only (their session, or as a guest their cart cookie); anyone else gets 404. */
export default async function OrderPage({ params }: Props) {
  const [{ number }, credentials, db] = await Promise.all([params, orderOwnerCredentials(), getDb()]);
  const order = await findOrderForOwner(db, number, credentials);
  if (!order) notFound();
  const returns = await findOrderReturns(db, order, env().RETURN_WINDOW_DAYS);
  return (
    <OrderDetails order={order}>
      <OrderReturns number={order.number} returns={returns} />
    </OrderDetails>
  );
}
