import type { Metadata } from "next";
import { OrderList } from "@/components/orders/OrderList";
import { requireUser } from "@/lib/server/session";
import { getDb } from "@/lib/server/database";
import { listUserOrders } from "@/lib/orders/shopper-orders";

export const metadata: Metadata = {
  title: "My orders",
  description: "Your Kijani Threads orders and where each one is.",
  robots: { index: false },
};

export default async function AccountOrdersPage() {
  const user = await requireUser("/account/orders");
  const orders = await listUserOrders(await getDb(), user.id);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-3 py-8 sm:px-4">
      <h1 className="text-2xl font-bold text-stone-900">My orders</h1>
      <OrderList orders={orders} />
    </div>
  );
}
