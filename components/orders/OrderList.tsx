import { ShopLink } from "@/components/ui/ShopLink";
import { formatDeliveryWindow } from "@/lib/checkout/delivery";
import { formatKsh } from "@/lib/catalog/price";
import { formatOrderDate } from "@/lib/orders/format";
import type { OrderSummary } from "@/lib/orders/shopper-orders";
import { isOnItsWay, orderPath, orderStatusLabel } from "@/lib/orders/status";

/** A shopper's orders, newest first, each linking to its page. */
export function OrderList({ orders }: { orders: OrderSummary[] }) {
  if (orders.length === 0) {
    return (
      <p className="rounded-xl bg-white p-6 text-stone-900 shadow-sm ring-1 ring-stone-200">
        You have no orders yet.{" "}
        <ShopLink href="/products" className="font-medium text-green-800 underline">
          Start shopping
        </ShopLink>
      </p>
    );
  }
  return (
    <ul aria-label="Orders" className="flex flex-col gap-3">
      {orders.map((order) => (
        <li key={order.number} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <ShopLink href={orderPath(order.number)} className="text-lg font-semibold text-green-800 underline">
              Order {order.number}
            </ShopLink>
            <span className="rounded-full bg-green-50 px-2.5 py-0.5 text-sm font-medium text-green-900">
              {orderStatusLabel(order.fulfilment, order.status)}
            </span>
          </div>
          <p className="mt-1 text-stone-700">
            Placed {formatOrderDate(order.createdAt)} · {order.itemCount} {order.itemCount === 1 ? "item" : "items"} ·{" "}
            {formatKsh(order.total)}
          </p>
          {isOnItsWay(order.status) && (
            <p className="text-sm text-stone-700">Expected {formatDeliveryWindow(order.deliveryWindow)}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
