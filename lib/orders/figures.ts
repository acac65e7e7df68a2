/** An order's money lines, the same wherever its figures appear (staff page, packing slip, e-mail, shopper's page). Framework-free. */
import { formatKsh } from "@/lib/catalog/price";
import { formatFee } from "@/lib/checkout/fulfilment-fee";

/** A discount code's line: its code, so staff can see which was used. */
export const discountLabel = (code: string) => `Discount (${code})`;

/** What a discount takes off, written as taken off: '−KSh 350'. */
export const discountAmountText = (amount: number) => `−${formatKsh(amount)}`;

export type OrderFigure = { label: string; text: string; total?: true };

type Figures = { subtotal: number; discount: { code: string; amount: number } | null; deliveryFee: number; total: number };

/** Subtotal, the discount code's line (if any), delivery (or pickup) and total, in the order they add up. */
export function orderFigures(order: Figures, deliveryLabel = "Delivery"): OrderFigure[] {
  return [
    { label: "Subtotal", text: formatKsh(order.subtotal) },
    ...(order.discount ? [{ label: discountLabel(order.discount.code), text: discountAmountText(order.discount.amount) }] : []),
    { label: deliveryLabel, text: formatFee(order.deliveryFee) },
    { label: "Total", text: formatKsh(order.total), total: true as const },
  ];
}
