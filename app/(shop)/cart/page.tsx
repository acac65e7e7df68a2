import type { Metadata } from "next";
import { findCartOwner } from "@/lib/server/cart-owner";
import { CartView } from "@/components/cart/CartView";
import { emptyCart, getCart } from "@/lib/cart/lines";
import { shownCategories } from "@/lib/catalog/categories";
import { listShopCategories } from "@/lib/server/catalog-cache";
import { getDb } from "@/lib/server/database";
import { feeRange } from "@/lib/checkout/delivery";
import { listDeliveryRates } from "@/lib/checkout/delivery-zones";
import { findFreeDeliveryThreshold, listActivePickupPoints } from "@/lib/checkout/pickup-points";
import { cartDiscount } from "@/lib/discounts/cart-code";

export const metadata: Metadata = {
  title: "Your cart",
  description: "The items in your Kijani Threads cart, with the delivery fee and total.",
  robots: { index: false },
};

// Per shopper, from the cookies: rendered on every request, never cached.
export default async function CartPage() {
  const [owner, db] = await Promise.all([findCartOwner(), getDb()]);
  const cart = owner ? await getCart(db, owner) : emptyCart;
  const discount = owner && cart.lines.length > 0 ? await cartDiscount(db, owner, cart) : null;
  const [rates, pickupPoints] = await Promise.all([listDeliveryRates(db), listActivePickupPoints(db)]);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight text-stone-900">Your cart</h1>
      <CartView
        cart={cart}
        categories={shownCategories(await listShopCategories())}
        deliveryFees={feeRange(Object.values(rates))}
        pickupFees={pickupPoints.length > 0 ? feeRange(pickupPoints) : null}
        freeDeliveryThreshold={await findFreeDeliveryThreshold(db)}
        discount={discount}
      />
    </div>
  );
}
