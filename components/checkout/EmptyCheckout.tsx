import { ShopLink } from "@/components/ui/ShopLink";
import { placeOrderMessages } from "@/lib/orders/place-order";

/** The checkout of an empty cart: nothing to buy yet, and the way to the shop. */
export function EmptyCheckout() {
  return (
    <div className="rounded-xl bg-white p-6 text-stone-900 shadow-sm ring-1 ring-stone-200">
      <p className="text-lg font-medium">{placeOrderMessages.emptyCart}</p>
      <p className="mt-2">
        Add a hoodie, a t-shirt or some trash bags first.{" "}
        <ShopLink href="/products" className="font-medium text-green-800 underline">
          Continue shopping
        </ShopLink>
      </p>
    </div>
  );
}
