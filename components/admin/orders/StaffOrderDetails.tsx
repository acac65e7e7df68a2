import Link from "next/link";
import { OrderDestination } from "@/components/orders/OrderDestination";
import { formatKsh } from "@/lib/catalog/price";
import { formatDeliveryWindow } from "@/lib/checkout/delivery";
import { orderFigures } from "@/lib/orders/figures";
import { packingSlipPath, staffOrdersHref } from "@/lib/orders/staff-filters";
import { messageStateLabels, type OrderStep } from "@/lib/orders/staff-labels";
import { c2bMessages, mpesaMessages, paymentMethodLabels, paymentStatusLabels, pesapalMessages } from "@/lib/orders/payment-copy";
import { failureMessage } from "@/lib/payments/state";
import { RecordRefund } from "./RecordRefund";
import { RequestPesapalRefund } from "./RequestPesapalRefund";
import { BuyerPinForm } from "./BuyerPinForm";
import { buyerPinMessages, type BuyerPinState } from "@/lib/invoices/buyer-pin";
import { invoiceLabels } from "@/lib/invoices/labels";
import type { OrderHistoryEntry } from "@/lib/orders/history";
import type { OrderView, PaymentView, RefundView } from "@/lib/orders/order-view";
import { refundMethodLabels, refundReasonLabels } from "@/lib/orders/refund-rules";
import type { OrderMessage } from "@/lib/orders/order-messages";
import type { StaffOrder } from "@/lib/orders/staff-order";
import type { FulfilmentKind } from "@/lib/db/values";
import { nextOrderStatuses, orderStatusLabel, type OrderStatus } from "@/lib/orders/status";
import { formatNairobiDateTime } from "@/lib/time/nairobi";
import { OrderStatusBadge } from "./OrderStatusBadge";
import { OrderSteps } from "./OrderSteps";
import { cellClass, linkClass, tableClass } from "@/components/admin/styles";
import { TableHead } from "@/components/admin/TableHead";
import { Card } from "@/components/admin/Card";
import { OrderShipment } from "@/components/orders/OrderShipment";
import { carrierLabels } from "@/lib/couriers/carriage-words";
import type { CourierChoice } from "./ShipmentFields";
import { ShipmentForm } from "./ShipmentForm";
import { failureKindOf } from "@/lib/orders/delivery-failure";

/** The order's tax invoice for staff: where to open it (null before the sale) and its buyer's PIN. */
export type StaffTaxInvoice = BuyerPinState & { href: string | null };

/** An order for staff: its next steps, what was bought, where it goes, its payments, its tax invoice, its messages and its history. */
export function StaffOrderDetails({
  staffOrder,
  taxInvoice,
  couriers,
}: {
  staffOrder: StaffOrder;
  taxInvoice: StaffTaxInvoice;
  /** The couriers offered at dispatch (not archived), the rider first. */
  couriers: readonly CourierChoice[];
}) {
  const { order, history, messages } = staffOrder;
  return (
    <div className="flex max-w-5xl flex-col gap-6">
      <OrderHeading order={order} />

      <Card id="steps" title="Next step">
        <OrderSteps
          key={order.number}
          number={order.number}
          fulfilment={order.fulfilment}
          status={order.status}
          steps={nextOrderStatuses(order.fulfilment, order.status) as readonly OrderStep[]}
          couriers={couriers}
          shipmentDefaults={shipmentDefaults(order, couriers)}
          failureKind={failureKindOf({ ...order, shipmentKind: order.shipment?.courier.kind })}
        />
      </Card>

      <Card id="items" title="Items">
        <ItemsTable order={order} />
      </Card>

      <Card id="customer" title="Customer and delivery">
        <CustomerDetails order={order} />
        {order.shipment && (
          <details className="mt-4 rounded-lg border border-stone-200 p-3">
            <summary className="cursor-pointer font-medium">Correct the courier or waybill</summary>
            <div className="mt-3">
              <ShipmentForm number={order.number} shipment={order.shipment} couriers={couriers} />
            </div>
          </details>
        )}
      </Card>

      <Card id="payments" title="Payments">
        <PaymentsTable payments={order.payments} />
        {order.partPaid > 0 && (
          <p className="mt-2 text-stone-900" data-testid="part-paid">
            {c2bMessages.partPaidStaff(order.partPaid, order.total - order.partPaid)}
          </p>
        )}
      </Card>

      <Card id="tax-invoice" title={invoiceLabels.link}>
        <TaxInvoice number={order.number} taxInvoice={taxInvoice} />
      </Card>

      {order.refunds.length > 0 && (
        <Card id="refunds" title="Refunds">
          <RefundsTable
            refunds={order.refunds}
            paidThroughPesapal={order.payments.some((payment) => payment.method === "pesapal" && payment.status === "paid")}
          />
        </Card>
      )}

      <Card id="messages" title="Messages to the customer">
        <MessagesTable messages={messages} />
      </Card>

      <Card id="history" title="History">
        <HistoryTable history={history} fulfilment={order.fulfilment} />
      </Card>
    </div>
  );
}

/** What the dispatch form starts with: the parcel's last courier, else the rider for a rider's county; the office the shopper named. */
function shipmentDefaults(order: OrderView, couriers: readonly CourierChoice[]) {
  const rider = order.carrier === "rider" ? couriers.find((courier) => courier.kind === "rider") : undefined;
  const courierId = order.shipment?.courierId ?? rider?.id;
  return { courierId: courierId === undefined ? "" : String(courierId), office: order.shipment?.office ?? order.collectAt };
}

function MessagesTable({ messages }: { messages: OrderMessage[] }) {
  if (messages.length === 0) return <p className="text-stone-700">No messages yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className={tableClass}>
        <caption className="sr-only">E-mails and texts sent to the customer about this order</caption>
        <TableHead columns={["When", "How", "To", "Message", "State"]} />
        <tbody>
          {messages.map((message, index) => (
            <tr key={index} data-testid="order-message">
              <td className={`${cellClass} whitespace-nowrap`}>{formatNairobiDateTime(message.at)}</td>
              <td className={cellClass}>{message.channel}</td>
              <td className={`${cellClass} break-all`}>{message.to}</td>
              <td className={`${cellClass} break-words`}>{message.content}</td>
              <td className={cellClass}>
                {messageStateLabels[message.state]}
                {message.reason && <span className="block text-sm text-stone-600">{message.reason}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OrderHeading({ order }: { order: OrderView }) {
  return (
    <div className="flex flex-col gap-2">
      <Link href={staffOrdersHref()} className={`${linkClass} self-start text-sm`}>
        All orders
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Order {order.number}</h1>
        <OrderStatusBadge fulfilment={order.fulfilment} status={order.status} testId="staff-order-status" />
      </div>
      <p className="text-stone-700">
        Placed {formatNairobiDateTime(order.createdAt)} (Nairobi time) · {formatKsh(order.total)}
      </p>
      <Link href={packingSlipPath(order.number)} className={`${linkClass} self-start`}>
        Packing slip
      </Link>
    </div>
  );
}

/** A link to the invoice once the order is a sale; the buyer's PIN, which staff may set until KRA has the invoice. */
function TaxInvoice({ number, taxInvoice }: { number: string; taxInvoice: StaffTaxInvoice }) {
  return (
    <div className="flex flex-col gap-3">
      {taxInvoice.href ? (
        <Link href={taxInvoice.href} className={`${linkClass} self-start`} prefetch={false}>
          {invoiceLabels.link}
        </Link>
      ) : (
        <p className="text-stone-700">{invoiceLabels.notIssued}</p>
      )}
      {taxInvoice.locked ? (
        <p>
          {invoiceLabels.buyerPin}: <strong>{taxInvoice.buyerPin ?? "none"}</strong>. {buyerPinMessages.reported}
        </p>
      ) : (
        <BuyerPinForm number={number} buyerPin={taxInvoice.buyerPin} />
      )}
    </div>
  );
}

function ItemsTable({ order }: { order: OrderView }) {
  return (
    <div className="overflow-x-auto">
      <table className={tableClass}>
        <caption className="sr-only">Items ordered</caption>
        <TableHead
          columns={["Product", "Option", "Unit price", "Quantity", "Total"]}
          right={["Unit price", "Quantity", "Total"]}
        />
        <tbody>
          {order.lines.map((line, index) => (
            <tr key={index}>
              <th scope="row" className={`${cellClass} font-medium`}>
                {line.productName}
              </th>
              <td className={cellClass}>{line.variantLabel || "-"}</td>
              <td className={`${cellClass} text-right`}>{formatKsh(line.unitPrice)}</td>
              <td className={`${cellClass} text-right`}>{line.quantity}</td>
              <td className={`${cellClass} text-right`}>{formatKsh(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {orderFigures(order, order.pickup ? "Pickup" : "Delivery").map((figure) => (
            <tr key={figure.label}>
              <th scope="row" colSpan={4} className="py-1 pr-4 text-right font-medium">
                {figure.label}
              </th>
              <td className={`py-1 pr-4 text-right ${figure.total ? "font-bold" : ""}`}>{figure.text}</td>
            </tr>
          ))}
        </tfoot>
      </table>
    </div>
  );
}

function CustomerDetails({ order }: { order: OrderView }) {
  const { delivery } = order;
  return (
    <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[10rem_1fr]">
      <dt className="font-medium text-stone-700">Name</dt>
      <dd className="break-words">{delivery.fullName}</dd>
      <dt className="font-medium text-stone-700">Phone</dt>
      <dd>
        <a href={`tel:${delivery.phone}`} className={linkClass}>
          {delivery.phone}
        </a>
      </dd>
      <dt className="font-medium text-stone-700">E-mail</dt>
      <dd className="break-all">
        {delivery.email ? (
          <a href={`mailto:${delivery.email}`} className={linkClass}>
            {delivery.email}
          </a>
        ) : (
          "None: order news goes by SMS"
        )}
      </dd>
      <dt className="font-medium text-stone-700">{order.pickup ? "Pickup" : "Address"}</dt>
      <dd className="break-words">
        <OrderDestination order={order} />
      </dd>
      {!order.pickup && (
        <>
          <dt className="font-medium text-stone-700">Carried by</dt>
          <dd>{carrierLabels[order.carrier]}</dd>
        </>
      )}
      {order.collectAt && (
        <>
          <dt className="font-medium text-stone-700">Collects at</dt>
          <dd className="break-words">{order.collectAt}</dd>
        </>
      )}
      <OrderShipment order={order} termClass="font-medium text-stone-700" />
      <dt className="font-medium text-stone-700">Notes</dt>
      <dd className="whitespace-pre-line break-words">{delivery.notes || "None"}</dd>
      <dt className="font-medium text-stone-700">Expected</dt>
      <dd>{formatDeliveryWindow(order.deliveryWindow)}</dd>
    </dl>
  );
}

function PaymentsTable({ payments }: { payments: PaymentView[] }) {
  if (payments.length === 0) return <p className="text-stone-700">No payment recorded.</p>;
  return (
    <div className="overflow-x-auto">
      <table className={tableClass}>
        <caption className="sr-only">Payments, oldest first</caption>
        <TableHead columns={["Method", "Status", "Amount", "Details", "Started"]} right={["Amount"]} />
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.id} data-testid="payment-row">
              <th scope="row" className={`${cellClass} font-medium`}>
                {paymentMethodLabels[payment.method]}
              </th>
              <td className={cellClass}>{paymentStatusLabels[payment.status]}</td>
              <td className={`${cellClass} text-right`}>{formatKsh(payment.amount)}</td>
              <td className={`${cellClass} break-words`}>{paymentDetails(payment).join(" · ") || "-"}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatNairobiDateTime(payment.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RefundsTable({ refunds, paidThroughPesapal }: { refunds: RefundView[]; paidThroughPesapal: boolean }) {
  return (
    <div className="overflow-x-auto">
      <table className={tableClass}>
        <caption className="sr-only">Money owed back on this order, oldest first</caption>
        <TableHead columns={["Why", "Amount", "Status", "Owed since"]} right={["Amount"]} />
        <tbody>
          {refunds.map((refund) => (
            <tr key={refund.id} data-testid="refund-row">
              <th scope="row" className={`${cellClass} font-medium`}>
                {capitalize(refundReasonLabels[refund.reason])}
              </th>
              <td className={`${cellClass} text-right`}>{formatKsh(refund.amount)}</td>
              <td className={cellClass}>
                {refund.status === "due" ? (
                  <>
                    <strong className="block text-red-800">Refund due</strong>
                    {paidThroughPesapal && <RequestPesapalRefund refundId={refund.id} />}
                    <RecordRefund refundId={refund.id} />
                  </>
                ) : refund.status === "requested" ? (
                  <strong className="block text-amber-800">{pesapalMessages.refundRequested}</strong>
                ) : (
                  refundRecorded(refund)
                )}
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatNairobiDateTime(refund.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** 'Refunded: M-Pesa reversal, reference RFD1234567, 3 May 2026, 14:05, by ann@example.com'. */
function refundRecorded(refund: RefundView): string {
  const how = refund.method ? refundMethodLabels[refund.method] : "";
  const reference = refund.reference ? `, reference ${refund.reference}` : "";
  const when = refund.recordedAt ? `, ${formatNairobiDateTime(refund.recordedAt)}` : "";
  return `Refunded: ${how}${reference}${when}, by ${refund.recordedBy}`;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function HistoryTable({ history, fulfilment }: { history: OrderHistoryEntry[]; fulfilment: FulfilmentKind }) {
  return (
    <div className="overflow-x-auto">
      <table className={tableClass}>
        <caption className="sr-only">Every change of this order, oldest first</caption>
        <TableHead columns={["When", "Who", "What", "Note"]} />
        <tbody>
          {history.map((entry) => (
            <tr key={entry.id} data-testid="history-row">
              <td className={`${cellClass} whitespace-nowrap`}>{formatNairobiDateTime(entry.at)}</td>
              <td className={`${cellClass} break-all`}>{entry.actorLabel}</td>
              <td className={cellClass}>{historyChange(entry, fulfilment)}</td>
              <td className={`${cellClass} whitespace-pre-line break-words`}>{entry.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What staff need to know about a payment attempt beyond its status: M-Pesa's phone, receipt and answer, a problem, a refund. */
function paymentDetails(payment: PaymentView): string[] {
  return [
    payment.phone && `Phone ${payment.phone}`,
    payment.receipt && `Receipt ${payment.receipt}`,
    payment.method === "mpesa" && payment.status === "paid" && !payment.receipt && mpesaMessages.receiptPending,
    payment.method !== "pay_on_delivery" && payment.status === "failed" && failureMessage(payment),
    payment.problem,
  ].filter((detail): detail is string => Boolean(detail));
}

/** 'Placed → Confirmed'; the first entry names the status alone; a note that changed no status (a payment) says so. */
function historyChange(entry: OrderHistoryEntry, fulfilment: FulfilmentKind): string {
  const label = (status: OrderStatus) => orderStatusLabel(fulfilment, status);
  if (!entry.fromStatus) return label(entry.toStatus);
  if (entry.fromStatus === entry.toStatus) return `${label(entry.toStatus)} (no change)`;
  return `${label(entry.fromStatus)} → ${label(entry.toStatus)}`;
}
