import { formatKsh } from "@/lib/catalog/price";
import { env } from "@/lib/env";
import type { OrderView } from "@/lib/orders/order-view";
import { mpesaMessages, payOnArrival, paymentMethodLabels, pesapalMessages } from "@/lib/orders/payment-copy";
import { displayPhone } from "@/lib/payments/mpesa/format";
import { owedBack, refundLine } from "@/lib/orders/refund-rules";
import { isClosed, orderLinkParam, orderPath } from "@/lib/orders/status";
import { manualPayTo, mpesaConfig } from "@/lib/payments/mpesa/config";
import { pesapalConfig } from "@/lib/payments/pesapal/config";
import { paymentState } from "@/lib/payments/state";
import { ManualPayment } from "./ManualPayment";
import { PayOnDeliveryInstead, RetryMpesa, RetryPesapal } from "./PaymentForms";
import { RefreshWhilePending } from "./RefreshWhilePending";

/**
 * The order page's payment: how it is paid, an M-Pesa or Pesapal payment's progress and outcome in
 * plain words (paid, pending, declined, with another try or another way to pay), and any refund.
 * Opened by its link (`linkKey`), the forms carry the key and the phone is not filled in.
 */
export function OrderPayment({ order, linkKey }: { order: OrderView; linkKey?: string }) {
  const state = paymentState(order);
  const config = mpesaConfig();
  const manual = config && (state.kind === "awaiting" || state.kind === "failed") && (
    <ManualPayment to={manualPayTo(config)} number={order.number} total={order.total} partPaid={order.partPaid} />
  );
  const self = linkKey ? `${orderPath(order.number)}?${orderLinkParam}=${linkKey}` : orderPath(order.number);
  const refresh = <RefreshWhilePending everyMs={env().MPESA_PAGE_REFRESH_SECONDS * 1000} />;
  return (
    <div className="flex flex-col gap-3" data-testid="payment">
      {state.kind === "pay_on_delivery" && (
        <>
          <p className="font-medium text-stone-900">
            {payOnArrival[order.fulfilment].label}
            {state.paid && " · Paid"}
          </p>
          {!state.paid && <p className="text-stone-700">{payOnArrival[order.fulfilment].note}</p>}
        </>
      )}
      {state.kind === "awaiting" && (
        <div role="status" className="space-y-2">
          <p className="font-medium text-stone-900" data-testid="payment-pending">
            {state.method === "pesapal" ? pesapalMessages.pending : mpesaMessages.checkPhone(formatKsh(state.amount))}
          </p>
          <p className="text-sm text-stone-700">
            This page updates by itself.{" "}
            <a href={self} className="font-medium text-green-800 underline">
              Refresh
            </a>
          </p>
          {refresh}
          {manual}
          <PayOnDeliveryInstead number={order.number} linkKey={linkKey} />
        </div>
      )}
      {state.kind === "paid" && (
        <p className="font-medium text-stone-900">
          {paymentMethodLabels[state.method]} · <span data-testid="payment-status">Paid</span> {formatKsh(state.amount)}
          <span className="block text-sm font-normal text-stone-700" data-testid="receipt">
            {state.method === "pesapal" && state.receipt
              ? pesapalMessages.paid(state.receipt)
              : state.receipt
                ? `M-Pesa receipt ${state.receipt}`
                : mpesaMessages.receiptPending}
          </span>
        </p>
      )}
      {state.kind === "failed" && (
        <div className="space-y-3">
          <p role="alert" data-testid="payment-failure" className="rounded-md bg-red-50 p-3 text-red-800">
            {state.message}
          </p>
          {state.method === "pesapal" && pesapalConfig() && <RetryPesapal number={order.number} linkKey={linkKey} />}
          {config && (
            <RetryMpesa
              number={order.number}
              linkKey={linkKey}
              phone={state.phone && !linkKey ? displayPhone(state.phone) : ""}
            />
          )}
          {manual}
          {/* A Paybill or Till payment may arrive while the shopper reads this. */}
          {manual && refresh}
          <PayOnDeliveryInstead number={order.number} linkKey={linkKey} />
        </div>
      )}
      {isClosed(order.status) && order.refunds.length === 0 && (
        <p className="text-stone-900" data-testid="refund">
          {owedBack(0)}
        </p>
      )}
      {order.refunds.map((refund) => (
        <p key={refund.id} className="text-stone-900" data-testid="refund">
          {refundLine(refund)}
        </p>
      ))}
    </div>
  );
}
