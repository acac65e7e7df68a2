import { deliveryEstimate, type DeliveryRate } from "@/lib/checkout/delivery";
import { formatFee, pickupEstimate, type FulfilmentOption } from "@/lib/checkout/fulfilment-fee";

/** Why placing an order stored nothing, when one sentence says it all (lib/orders/place-order.ts). */
export type PlainRefusal =
  "invalid_checkout" | "empty_cart" | "price_changed" | "delivery_quoted" | "over_limit" | "discount_refused" | "payment_refused";

/** What placing an order answers when it stores nothing (lib/orders/place-order.ts). */
export const placeOrderMessages = {
  invalidCheckout: "This checkout has expired. Reload the page and try again.",
  emptyCart: "Your cart is empty.",
  outOfStock: "Some items sold out while you were checking out. Please review your cart.",
  priceChanged:
    "A price changed while you were checking out, so nothing was ordered. Check the new total and place your order again.",
  pickupWithdrawn:
    "The pickup point you chose is no longer offered. Nothing is ordered yet: choose how to get your order and place it again.",
  /** The fee shown was another, or none (a form posted without JavaScript): the shopper sees this one before placing. */
  deliveryQuoted: (option: FulfilmentOption, rate: DeliveryRate) => {
    const [what, when] =
      option.kind === "delivery"
        ? [`Delivery to ${option.county}`, deliveryEstimate(rate)]
        : [`Pickup at ${option.point.name}`, pickupEstimate];
    const cost = rate.fee === 0 ? "is free" : `costs ${formatFee(rate.fee)}`;
    return `${what} ${cost} (${when.toLowerCase()}). Nothing is ordered yet: check the total and place your order.`;
  },
} as const;
