import type { Metadata } from "next";
import { findCartOwner } from "@/lib/server/cart-owner";
import { CheckoutForm } from "@/components/checkout/CheckoutForm";
import { EmptyCheckout } from "@/components/checkout/EmptyCheckout";
import { SummaryLines } from "@/components/checkout/SummaryLines";
import type { ShopUser } from "@/lib/auth/user";
import { findCurrentUser } from "@/lib/server/session";
import { emptyCart, getCart } from "@/lib/cart/lines";
import type { CartLine } from "@/lib/cart/totals";
import { cartMessages } from "@/lib/cart/rules";
import { formatKsh } from "@/lib/catalog/price";
import { stockState } from "@/lib/stock/labels";
import type { Database } from "@/lib/db";
import { getDb } from "@/lib/server/database";
import { cartDiscount } from "@/lib/discounts/cart-code";
import { DiscountCodeForm } from "@/components/discounts/DiscountCodeForm";
import { newIdempotencyKey } from "@/lib/orders/order-number";
import { findSavedDelivery } from "@/lib/orders/saved-delivery";
import { mpesaConfig } from "@/lib/payments/mpesa/config";
import { pesapalConfig } from "@/lib/payments/pesapal/config";
import { findSmsPreference, findWhatsappPreference } from "@/lib/orders/order-texts";
import { smsEnabled } from "@/lib/sms/client";
import { whatsappEnabled } from "@/lib/whatsapp/client";
import { listDeliveryRates } from "@/lib/checkout/delivery-zones";
import { listCountyCarriage } from "@/lib/couriers/county-carriage";
import { findFreeDeliveryThreshold, listActivePickupPoints } from "@/lib/checkout/pickup-points";
import { commerceEvent, eventOnShow } from "@/lib/analytics/browser-events";

export const metadata: Metadata = {
  title: "Checkout",
  description: "Enter your delivery details and place your Kijani Threads order, for delivery anywhere in Kenya.",
  robots: { index: false },
};

export default async function CheckoutPage() {
  const [owner, user, db] = await Promise.all([findCartOwner(), findCurrentUser(), getDb()]);
  const cart = owner ? await getCart(db, owner) : emptyCart;
  const discount = owner && cart.lines.length > 0 ? await cartDiscount(db, owner, cart) : null;
  const mpesa = mpesaConfig();
  return (
    <div
      className="mx-auto w-full max-w-5xl px-3 py-8 sm:px-4"
      {...(cart.lines.length > 0 && eventOnShow(commerceEvent("begin_checkout", cart.lines.map(analyticsItem))))}
    >
      <h1 className="mb-6 text-2xl font-bold text-stone-900">Checkout</h1>
      {cart.lines.length === 0 ? (
        <EmptyCheckout />
      ) : (
        <>
          {/* Its own form: forms cannot nest, and applying a code must not send the delivery details. */}
          <section aria-label="Discount code" className="mb-6 max-w-md">
            <DiscountCodeForm discount={discount} />
          </section>
          <CheckoutForm
            idempotencyKey={newIdempotencyKey()}
            prefill={{
              ...(user ? await prefillFor(db, user) : {}),
              // The box starts from the account's SMS setting; a guest's starts ticked.
              ...((!user || (await findSmsPreference(db, user.id))) && { smsUpdates: "on" }),
              // Never ticked for anyone who did not choose WhatsApp on their account.
              ...(user && (await findWhatsappPreference(db, user.id)) && { whatsappUpdates: "on" }),
            }}
            smsOffered={smsEnabled()}
            whatsappOffered={whatsappEnabled()}
            canSaveDetails={user !== null}
            offered={{ mpesa: mpesa !== null, pesapal: pesapalConfig() !== null }}
            subtotal={cart.subtotal}
            discount={discount?.ok ? discount : null}
            rates={await listDeliveryRates(db)}
            carriage={await listCountyCarriage(db)}
            pickupPoints={await listActivePickupPoints(db)}
            freeDeliveryThreshold={await findFreeDeliveryThreshold(db)}
            lines={
              <SummaryLines
                lines={cart.lines.map((line) => ({
                  key: line.variantId,
                  name: line.name,
                  optionLabel: line.optionLabel,
                  quantity: line.quantity,
                  lineTotal: line.lineTotal,
                  note: line.quantity > line.stock ? stockState(line.stock).label : undefined,
                  priceNote: line.previousPrice === null ? undefined : cartMessages.priceChanged(formatKsh(line.previousPrice)),
                }))}
              />
            }
          />
        </>
      )}
    </div>
  );
}

/** A signed-in shopper's saved details, else what their account knows. */
async function prefillFor(db: Database, user: ShopUser) {
  return (
    (await findSavedDelivery(db, user.id)) ?? {
      fullName: `${user.firstName} ${user.lastName}`,
      phone: user.phone,
      email: user.email,
    }
  );
}

/** A cart line as an analytics item (begin_checkout). */
const analyticsItem = (line: CartLine) => ({
  item_id: line.slug,
  item_name: line.name,
  price: line.unitPrice,
  quantity: line.quantity,
});
