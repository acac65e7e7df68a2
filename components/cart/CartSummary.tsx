import type { ReactNode } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { ShopLink } from "@/components/ui/ShopLink";
import type { Cart } from "@/lib/cart/totals";
import { formatKsh } from "@/lib/catalog/price";
import { formatFeeRange, type FeeRange } from "@/lib/checkout/delivery";
import {
  amountToFreeDelivery,
  formatFee,
  formatPickupFees,
  freeDeliveryNudge,
  isFreeDelivery,
} from "@/lib/checkout/fulfilment-fee";
import { DiscountLine, type AppliedDiscount } from "@/components/checkout/SummaryLines";

type Props = {
  cart: Cart;
  deliveryFees: FeeRange;
  /** The offered pickup points' fees; null when none is offered. */
  pickupFees: FeeRange | null;
  freeDeliveryThreshold: number | null;
  discount: AppliedDiscount | null;
  children?: ReactNode;
};

/**
 * The cart's totals: subtotal, the discount, the delivery fee estimate, total, and the way to
 * checkout. The county or pickup point is chosen at checkout; until then the cart shows the fees'
 * ranges and the total from the lowest of them, or 'Free' once the goods reach the free-delivery
 * threshold (and how much more to spend before).
 */
export function CartSummary({ cart, deliveryFees, pickupFees, freeDeliveryThreshold, discount, children }: Props) {
  const goods = cart.subtotal - (discount?.amount ?? 0);
  const free = isFreeDelivery(goods, freeDeliveryThreshold);
  const toFreeDelivery = amountToFreeDelivery(goods, freeDeliveryThreshold);
  const lowestFee = Math.min(deliveryFees.lowest, pickupFees?.lowest ?? Infinity);
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
          <dd data-testid="cart-delivery">{free ? formatFee(0) : `from ${formatKsh(deliveryFees.lowest)}`}</dd>
          {!free && <dd className="w-full text-sm text-stone-700">{formatFeeRange(deliveryFees)}</dd>}
          {toFreeDelivery !== null && (
            <dd data-testid="cart-free-delivery" className="w-full text-sm text-stone-700">
              {freeDeliveryNudge(toFreeDelivery)}
            </dd>
          )}
        </div>
        {!free && pickupFees && (
          <div className="flex justify-between gap-4">
            <dt>Pickup</dt>
            <dd data-testid="cart-pickup">{formatPickupFees(pickupFees)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4 border-t border-stone-200 pt-2 text-lg font-semibold">
          <dt>Total</dt>
          <dd data-testid="cart-total">{free ? formatKsh(goods) : `from ${formatKsh(goods + lowestFee)}`}</dd>
        </div>
      </dl>
      {children}
      <ShopLink href="/checkout" className={`mt-4 block text-center ${buttonStyles.primary}`}>
        Checkout
      </ShopLink>
    </section>
  );
}
