import { formatKsh } from "@/lib/catalog/price";
import { formatFee } from "@/lib/checkout/fulfilment-fee";
import { discountAmountText, discountLabel } from "@/lib/orders/figures";

export type SummaryLine = {
  key: string | number;
  name: string;
  optionLabel: string;
  quantity: number;
  lineTotal: number;
  note?: string;
  /** The price changed since the line was added to the cart. */
  priceNote?: string;
};

/** The lines of an order summary: quantity, name, option and line total (checkout and order pages). */
export function SummaryLines({ lines }: { lines: SummaryLine[] }) {
  return (
    <ul aria-label="Items" className="divide-y divide-stone-200">
      {lines.map((line) => (
        <li key={line.key} className="flex justify-between gap-3 py-2">
          <div className="min-w-0">
            <p className="break-words font-medium text-stone-900">{line.name}</p>
            <p className="text-sm text-stone-700">
              {line.optionLabel && `${line.optionLabel} · `}Qty {line.quantity}
            </p>
            {line.note && <p className="text-sm font-medium text-red-700">{line.note}</p>}
            {line.priceNote && <p className="text-sm font-medium text-amber-900">{line.priceNote}</p>}
          </div>
          <p className="shrink-0 font-medium text-stone-900">{formatKsh(line.lineTotal)}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * Subtotal, the discount code's line (if any), delivery (or pickup: `deliveryLabel`) and total; the
 * fee is null until a county is chosen, 0 shows as 'Free'. `note`: a line under them ('Spend … more').
 */
export function SummaryTotals({
  subtotal,
  discount = null,
  deliveryFee,
  deliveryLabel = "Delivery",
  note,
}: {
  subtotal: number;
  discount?: AppliedDiscount | null;
  deliveryFee: number | null;
  deliveryLabel?: string;
  note?: string | null;
}) {
  const discounted = subtotal - (discount?.amount ?? 0);
  return (
    <>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-stone-200 pt-3 text-stone-900">
        <dt>Subtotal</dt>
        <dd data-testid="summary-subtotal" className="text-right">
          {formatKsh(subtotal)}
        </dd>
        {discount && <DiscountLine discount={discount} testId="summary-discount" />}
        <dt>{deliveryLabel}</dt>
        <dd data-testid="summary-delivery" className="text-right">
          {deliveryFee === null ? "Choose your county" : formatFee(deliveryFee)}
        </dd>
        <dt className="font-semibold">Total</dt>
        <dd data-testid="summary-total" className="text-right font-semibold">
          {deliveryFee === null ? `${formatKsh(discounted)} + delivery` : formatKsh(discounted + deliveryFee)}
        </dd>
      </dl>
      {note && (
        <p data-testid="summary-note" className="mt-2 text-sm text-stone-700">
          {note}
        </p>
      )}
    </>
  );
}

/** A discount code and what it takes off, as the cart, the checkout and the order show it. */
export type AppliedDiscount = { code: string; amount: number };

/** The discount's own line of a summary: its code and the amount off. */
export function DiscountLine({ discount, testId }: { discount: AppliedDiscount; testId: string }) {
  return (
    <>
      <dt>{discountLabel(discount.code)}</dt>
      <dd data-testid={testId} className="text-right text-green-800">
        {discountAmountText(discount.amount)}
      </dd>
    </>
  );
}
