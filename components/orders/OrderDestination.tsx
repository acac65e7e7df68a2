import { pickupPlace } from "@/lib/checkout/fulfilment-fee";
import type { OrderView } from "@/lib/orders/order-view";

/** Where a placed order goes, for staff: the pickup point as the order copied it, or the street, town and county. */
export function OrderDestination({ order }: { order: Pick<OrderView, "pickup" | "delivery"> }) {
  if (order.pickup) return pickupPlace(order.pickup);
  const { street, town, county } = order.delivery;
  return (
    <>
      {street}
      <br />
      {town}, {county}
    </>
  );
}
