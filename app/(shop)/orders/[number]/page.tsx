import type { Metadata } from "next";
import { cookies } from "next/headers";
import { notFound } from "next/navigation";
import { OrderDetails } from "@/components/orders/OrderDetails";
import { getCurrentUser } from "@/lib/server/session";
import { getDb } from "@/lib/db";
import { guestCartCookie } from "@/lib/server/cookies";
import { getOrderForOwner } from "@/lib/orders/orders";

export const metadata: Metadata = {
  title: "Your order",
  description: "Your Kijani Threads order: what you ordered, and when and how it is delivered.",
  robots: { index: false },
};

type Props = { params: Promise<{ number: string }> };

/** An order, for the shopper who placed it only (their session, or as a guest their cart cookie); anyone else gets 404. */
export default async function OrderPage({ params }: Props) {
  const [{ number }, user, cookieStore, db] = await Promise.all([params, getCurrentUser(), cookies(), getDb()]);
  const order = await getOrderForOwner(db, number, {
    userId: user?.id,
    guestToken: cookieStore.get(guestCartCookie.name)?.value,
  });
  if (!order) notFound();
  return <OrderDetails order={order} />;
}
