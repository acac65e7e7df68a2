import { c2bMessages, type ManualPayTo } from "@/lib/orders/payment-copy";

/**
 * 'Pay with M-Pesa Paybill' (or Buy Goods): where and how much, for a shopper whose prompt failed or
 * never came; with what Paybill/Till payments already paid towards it.
 */
export function ManualPayment({
  to,
  number,
  total,
  partPaid,
}: {
  to: ManualPayTo;
  number: string;
  total: number;
  partPaid: number;
}) {
  return (
    <section aria-labelledby="manual-payment-title" data-testid="manual-payment" className="rounded-md bg-stone-50 p-3">
      <h3 id="manual-payment-title" className="font-semibold text-stone-900">
        {c2bMessages.heading(to)}
      </h3>
      {partPaid > 0 && (
        <p role="status" data-testid="part-paid" className="text-stone-900">
          {c2bMessages.partPaid(partPaid, total - partPaid)}
        </p>
      )}
      <ul className="mt-1 text-stone-900">
        {c2bMessages.steps(to, number, total - partPaid).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ul>
    </section>
  );
}
