import { formatKsh } from "@/lib/catalog/price";
import { formatOrderDate } from "@/lib/orders/format";
import { c2bMessages } from "@/lib/orders/payment-copy";
import type { listUnmatchedC2b } from "@/lib/payments/mpesa/c2b";
import type { ComponentProps } from "react";
import { cardClass } from "../styles";
import { CodeChecks } from "./CodeChecks";
import { UnmatchedPaymentSteps } from "./UnmatchedPaymentSteps";

type UnmatchedPayment = Awaited<ReturnType<typeof listUnmatchedC2b>>[number];

/**
 * 'Unmatched M-Pesa payments', oldest first: what M-Pesa told of each, and its two ends; then the
 * check of a payment whose confirmation never came.
 */
export function UnmatchedPayments({
  payments,
  checks,
}: {
  payments: UnmatchedPayment[];
  checks: ComponentProps<typeof CodeChecks>["checks"];
}) {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-stone-900">{c2bMessages.unmatchedTitle}</h1>
      {payments.length === 0 && <p className="text-stone-700">None: every payment found its order.</p>}
      {payments.map((payment) => (
        <section
          key={payment.id}
          aria-labelledby={`payment-${payment.id}-title`}
          data-testid="unmatched-payment"
          className={`${cardClass} flex flex-col gap-2`}
        >
          <h2 id={`payment-${payment.id}-title`} className="text-lg font-semibold text-stone-900">
            {payment.transId}: {formatKsh(payment.amount)}
          </h2>
          <p className="text-stone-700">
            {payment.kind === "till" ? "Till" : `Paybill, account “${payment.account}”`} · from {payment.payerName || "?"}{" "}
            {payment.msisdn} · {formatOrderDate(payment.receivedAt)}
          </p>
          <UnmatchedPaymentSteps paymentId={payment.id} code={payment.transId} />
        </section>
      ))}
      <CodeChecks checks={checks} />
    </div>
  );
}
