import type { ReactNode } from "react";
import { SummaryLines, SummaryTotals } from "@/components/checkout/SummaryLines";
import { formatDeliveryWindow } from "@/lib/checkout/delivery";
import { pickupPlace } from "@/lib/checkout/fulfilment-fee";
import { formatOrderDate } from "@/lib/orders/format";
import { invoiceLabels } from "@/lib/invoices/labels";
import { guestOrderHelp } from "@/lib/orders/order-link";
import type { OrderView } from "@/lib/orders/order-view";
import { statusCopyOf } from "@/lib/orders/status-copy";
import { findOrderPath, isOnItsWay, orderHeading, orderStatusLabel } from "@/lib/orders/status";
import { OrderPayment } from "./OrderPayment";
import { OrderShipment } from "./OrderShipment";
import { carrierPromise } from "@/lib/couriers/carriage-words";
import { RefreshViewer } from "./RefreshViewer";
import { ShopLink } from "@/components/ui/ShopLink";

type Props = {
  order: OrderView;
  /** Opened by its signed link: the order comes masked, and its forms carry the key. */
  linkKey?: string;
  /** Its owner is a guest: tell them how to find it again. */
  guest?: boolean;
  /** Where its tax invoice is, once it has one. */
  invoiceHref?: string;
  children?: ReactNode;
};

/**
 * An order's page: its number and status, what was ordered, and when, where and how it is delivered
 * and paid; `children` follow (its returns).
 */
export function OrderDetails({ order, linkKey, guest, invoiceHref, children }: Props) {
  const { delivery } = order;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-3 py-8 sm:px-4">
      <RefreshViewer />
      <div>
        <h1 className="text-2xl font-bold text-stone-900">{orderHeading(order, new Date())}</h1>
        <p className="mt-2 text-lg text-stone-900">
          Order number <strong data-testid="order-number">{order.number}</strong>
        </p>
        <p className="text-stone-700">
          Placed {formatOrderDate(order.createdAt)} · Status:{" "}
          <span data-testid="order-status">{orderStatusLabel(order.fulfilment, order.status)}</span>
        </p>
        {invoiceHref && (
          <p className="mt-1">
            <ShopLink href={invoiceHref} className="font-medium text-green-800 underline">
              {invoiceLabels.link}
            </ShopLink>
          </p>
        )}
        {guest && (
          <p className="mt-3 rounded-md bg-green-50 p-3 text-stone-900" data-testid="guest-order-help">
            {guestOrderHelp.before(order)}{" "}
            <ShopLink href={findOrderPath} className="font-medium text-green-800 underline">
              {guestOrderHelp.link}
            </ShopLink>{" "}
            {guestOrderHelp.after}
          </p>
        )}
      </div>

      <section aria-labelledby="items-title" className={cardClass}>
        <h2 id="items-title" className={titleClass}>
          What you ordered
        </h2>
        <SummaryLines
          lines={order.lines.map((line, index) => ({
            key: index,
            name: line.productName,
            optionLabel: line.variantLabel,
            quantity: line.quantity,
            lineTotal: line.lineTotal,
          }))}
        />
        <SummaryTotals
          subtotal={order.subtotal}
          discount={order.discount}
          deliveryFee={order.deliveryFee}
          deliveryLabel={order.pickup ? "Pickup" : "Delivery"}
        />
      </section>

      <section aria-labelledby="delivery-title" className={cardClass}>
        <h2 id="delivery-title" className={titleClass}>
          {order.pickup ? "Pickup" : "Delivery"}
        </h2>
        <dl className="grid gap-x-4 gap-y-2 text-stone-900 sm:grid-cols-[9rem_1fr]">
          {isOnItsWay(order.status) ? (
            <>
              <dt className="font-medium text-stone-700">When</dt>
              <dd data-testid="delivery-window">
                {order.pickup && "Ready "}
                {formatDeliveryWindow(order.deliveryWindow)}
              </dd>
            </>
          ) : (
            <>
              <dt className="font-medium text-stone-700">Now</dt>
              <dd data-testid="status-sentence">
                {statusCopyOf(order.fulfilment, order.status, order.shipment?.courier.kind ?? order.carrier).body}
              </dd>
            </>
          )}
          {order.pickup ? (
            <>
              <dt className="font-medium text-stone-700">Where</dt>
              <dd className="break-words" data-testid="delivery-address">
                {pickupPlace(order.pickup)}
              </dd>
            </>
          ) : (
            <>
              {isOnItsWay(order.status) && (
                <>
                  <dt className="font-medium text-stone-700">How</dt>
                  <dd data-testid="carrier-promise">
                    {(order.shipment?.courier.kind ?? order.carrier) === "rider"
                      ? `Our rider brings it to the address below and calls ${delivery.phone} before coming.`
                      : carrierPromise.courier}
                  </dd>
                </>
              )}
              <OrderShipment order={order} termClass="font-medium text-stone-700" />
              {order.collectAt && (
                <>
                  <dt className="font-medium text-stone-700">You collect at</dt>
                  <dd className="break-words">{order.collectAt}</dd>
                </>
              )}
              <dt className="font-medium text-stone-700">Address</dt>
              <dd className="break-words" data-testid="delivery-address">
                {delivery.fullName}
                <br />
                {delivery.street}
                <br />
                {delivery.town}, {delivery.county}
              </dd>
            </>
          )}
          {delivery.notes && (
            <>
              <dt className="font-medium text-stone-700">Notes</dt>
              <dd className="whitespace-pre-line break-words">{delivery.notes}</dd>
            </>
          )}
        </dl>
      </section>

      <section aria-labelledby="payment-title" className={cardClass}>
        <h2 id="payment-title" className={titleClass}>
          Payment
        </h2>
        <OrderPayment order={order} linkKey={linkKey} />
      </section>
      {children}
    </div>
  );
}

const cardClass = "rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6";
const titleClass = "mb-2 text-lg font-semibold text-stone-900";
