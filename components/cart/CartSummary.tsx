import type { ReactNode } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { ShopLink } from "@/components/ui/ShopLink";
import type { Cart } from "@/lib/cart/totals";
import { formatKsh } from "@/lib/catalog/price";
import { formatFeeRange, type FeeRange } from "@/lib/checkout/delivery";
import { DiscountLine, type AppliedDiscount } from "@/components/checkout/SummaryLines";

type Props = { cart: Cart; deliveryFees: FeeRange; discount: AppliedDiscount | null; children?: ReactNode };

/**
 * The cart's totals: subtotal, the discount, the delivery fee estimate, total, and the way to
 * checkout. The county is chosen at checkout; until then the cart shows the lowest fee and the range.
 */
export function CartSummary({ cart, deliveryFees, discount, children }: Props) {
  const lowestFee = deliveryFees.lowest;
  return (
    <section aria-labelledby="cart-summary-title" className="h-fit rounded-lg border border-stone-200 bg-white p-4">
      <h2 id="cart-summary-title" className="text-lg font-semibold text-stone-900">
        Order summary
      </h2>
      <dl className="mt-3 space-y-2 text-stone-900">
        <div className="flex justify-between gap-4">
          <dt>
            Subtotal ({cart.itemCount} {cart.itemCount === 1 ? "item" : "items"})
          </dt>
          <dd data-testid="cart-subtotal">{formatKsh(cart.subtotal)}</dd>
        </div>
        {discount && (
          <div className="flex justify-between gap-4">
            <DiscountLine discount={discount} testId="cart-discount" />
          </div>
        )}
        <div className="flex flex-wrap justify-between gap-x-4">
          <dt>Delivery</dt>
          <dd data-testid="cart-delivery">from {formatKsh(lowestFee)}</dd>
          <dd className="w-full text-sm text-stone-700">{formatFeeRange(deliveryFees)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-stone-200 pt-2 text-lg font-semibold">
          <dt>Total</dt>
          <dd data-testid="cart-total">from {formatKsh(cart.subtotal - (discount?.amount ?? 0) + lowestFee)}</dd>
        </div>
      </dl>
      {children}
      <ShopLink href="/checkout" className={`mt-4 block text-center ${buttonStyles.primary}`}>
        Checkout
      </ShopLink>
    </section>
  );
}
