import { Badge } from "@/components/admin/Badge";
import type { FulfilmentKind } from "@/lib/db/values";
import { orderStatusLabel, type OrderStatus } from "@/lib/orders/status";

const tones: Record<OrderStatus, string> = {
  placed: "bg-amber-50 text-amber-900 ring-amber-200",
  confirmed: "bg-sky-50 text-sky-900 ring-sky-200",
  dispatched: "bg-indigo-50 text-indigo-900 ring-indigo-200",
  ready_for_pickup: "bg-teal-50 text-teal-900 ring-teal-200",
  delivered: "bg-green-50 text-green-900 ring-green-200",
  cancelled: "bg-stone-100 text-stone-800 ring-stone-300",
  delivery_failed: "bg-red-50 text-red-900 ring-red-200",
  returned: "bg-stone-100 text-stone-800 ring-stone-300",
};

/** An order's status as a small label. */
export function OrderStatusBadge({
  fulfilment,
  status,
  testId,
}: {
  fulfilment: FulfilmentKind;
  status: OrderStatus;
  testId?: string;
}) {
  return (
    <Badge tone={tones[status]} testId={testId}>
      {orderStatusLabel(fulfilment, status)}
    </Badge>
  );
}
