import Link from "next/link";
import { OrderDestination } from "@/components/orders/OrderDestination";
import { formatKsh } from "@/lib/catalog/price";
import { formatDeliveryWindow } from "@/lib/checkout/delivery";
import { orderFigures } from "@/lib/orders/figures";
import { formatOrderDate } from "@/lib/orders/format";
import type { OrderView } from "@/lib/orders/order-view";
import { staffOrderPath } from "@/lib/orders/staff-filters";
import { paymentMethodLabels, paymentStatusLabels } from "@/lib/orders/payment-copy";
import { site } from "@/lib/site";
import { PrintButton } from "@/components/ui/PrintButton";
import { linkClass } from "@/components/admin/styles";
import { shipmentLine } from "@/lib/couriers/shipment-words";

/**
 * A packing slip to print and put in (or on) the parcel: the order number large enough to read
 * across a table, who and where it goes to with the phone the rider (or courier) calls, its courier and waybill, what goes in the parcel,
 * and what to collect on delivery. Only the slip prints: the back office's navigation and these
 * buttons are hidden on paper.
 */
export function PackingSlip({ order }: { order: OrderView }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 text-stone-900 print:max-w-none">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link href={staffOrderPath(order.number)} className={linkClass}>
          Back to order {order.number}
        </Link>
        <PrintButton>Print packing slip</PrintButton>
      </div>

      {order.status === "cancelled" && (
        <p role="note" className="rounded-md bg-red-50 p-3 font-semibold text-red-800">
          This order is cancelled: do not send it.
        </p>
      )}

      <article
        aria-labelledby="slip-number"
        className="flex flex-col gap-6 rounded-xl bg-white p-6 ring-1 ring-stone-300 print:p-0 print:ring-0"
      >
        <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-stone-900 pb-4">
          <div>
            <p className="text-lg font-bold">{site.name}</p>
            <p className="text-sm">Packing slip · placed {formatOrderDate(order.createdAt)}</p>
          </div>
          <h1 id="slip-number" className="font-mono text-5xl font-bold tracking-wider" data-testid="slip-number">
            {order.number}
          </h1>
        </header>
        <DeliverTo order={order} />
        <ParcelContents order={order} />
        <OrderFigures order={order} />
        <p className="text-lg">
          <PaymentToCollect order={order} />
        </p>
      </article>
    </div>
  );
}

function DeliverTo({ order }: { order: OrderView }) {
  const { delivery } = order;
  return (
    <section aria-labelledby="slip-deliver-to">
      <h2 id="slip-deliver-to" className="text-sm font-semibold uppercase tracking-wide text-stone-700">
        {order.pickup ? "Collected by" : "Deliver to"}
      </h2>
      <p className="mt-1 break-words text-2xl font-bold">{delivery.fullName}</p>
      <p className="mt-1 text-2xl font-bold" data-testid="slip-phone">
        {delivery.phone}
      </p>
      <p className="mt-2 break-words text-lg">
        <OrderDestination order={order} />
      </p>
      {delivery.notes && <p className="mt-2 whitespace-pre-line break-words">Notes: {delivery.notes}</p>}
      {order.shipment && (
        <p className="mt-2 text-lg" data-testid="slip-shipment">
          {shipmentLine(order.shipment)}
          {order.shipment.office && `, to collect at ${order.shipment.office}`}
        </p>
      )}
      {!order.shipment && order.collectAt && <p className="mt-2">Collects at: {order.collectAt}</p>}
      <p className="mt-2">Expected {formatDeliveryWindow(order.deliveryWindow)}</p>
    </section>
  );
}

function ParcelContents({ order }: { order: OrderView }) {
  return (
    <section aria-labelledby="slip-items">
      <h2 id="slip-items" className="text-sm font-semibold uppercase tracking-wide text-stone-700">
        In this parcel ({order.itemCount} {order.itemCount === 1 ? "item" : "items"})
      </h2>
      <table className="mt-2 w-full text-left">
        <caption className="sr-only">Items in this parcel</caption>
        <thead>
          <tr className="border-b border-stone-400">
            <th scope="col" className="py-2 pr-4">
              Quantity
            </th>
            <th scope="col" className="py-2 pr-4">
              Product
            </th>
            <th scope="col" className="py-2 pr-4">
              Option
            </th>
            <th scope="col" className="py-2">
              Packed
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, index) => (
            <tr key={index} className="border-b border-stone-300">
              <td className="py-2 pr-4 text-xl font-bold">{line.quantity}</td>
              <th scope="row" className="py-2 pr-4 font-medium">
                {line.productName}
              </th>
              <td className="py-2 pr-4">{line.variantLabel || "-"}</td>
              <td className="py-2">
                <span aria-hidden="true" className="inline-block h-5 w-5 border-2 border-stone-900" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The order's money lines, the discount code's among them, so the slip's total adds up. */
function OrderFigures({ order }: { order: OrderView }) {
  return (
    <dl className="ml-auto grid grid-cols-[auto_auto] gap-x-6 gap-y-1 text-right" data-testid="slip-figures">
      {orderFigures(order, order.pickup ? "Pickup" : "Delivery").map((figure) => (
        <div key={figure.label} className={`contents ${figure.total ? "font-bold" : ""}`}>
          <dt>{figure.label}</dt>
          <dd>{figure.text}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What the rider collects: the total for a pending pay-on-delivery order, nothing once paid, else the payment as it stands. */
function PaymentToCollect({ order }: { order: OrderView }) {
  const { payment } = order;
  if (payment?.method === "pay_on_delivery" && payment.status === "pending") {
    return (
      <>
        Pay on delivery: collect <strong>{formatKsh(order.total)}</strong> (cash or M-Pesa).
      </>
    );
  }
  if (payment?.status === "paid") return <>Paid: nothing to collect.</>;
  return (
    <>
      Payment: {payment ? paymentMethodLabels[payment.method] : "none"},{" "}
      {payment ? paymentStatusLabels[payment.status].toLowerCase() : "not recorded"}.
    </>
  );
}
