import { Badge } from "@/components/admin/Badge";
import { orderStatusLabels, type OrderStatus } from "@/lib/orders/status";

const tones: Record<OrderStatus, string> = {
  placed: "bg-amber-50 text-amber-900 ring-amber-200",
  confirmed: "bg-sky-50 text-sky-900 ring-sky-200",
  dispatched: "bg-indigo-50 text-indigo-900 ring-indigo-200",
  delivered: "bg-green-50 text-green-900 ring-green-200",
  cancelled: "bg-stone-100 text-stone-800 ring-stone-300",
  delivery_failed: "bg-red-50 text-red-900 ring-red-200",
  returned: "bg-stone-100 text-stone-800 ring-stone-300",
};

/** An order's status as a small label. */
export function OrderStatusBadge({ status, testId }: { status: OrderStatus; testId?: string }) {
  return (
    <Badge tone={tones[status]} testId={testId}>
      {orderStatusLabels[status]}
    </Badge>
  );
}
