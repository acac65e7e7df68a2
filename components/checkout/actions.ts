"use server";

import { refresh, revalidatePath } from "next/cache";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { clientAddress } from "@/lib/auth/form-values";
import { formAnswer, type FormState } from "@/components/ui/form-state";
import { attributedCampaignCode } from "@/lib/marketing/attribution";
import { consentCookieName } from "@/lib/analytics/consent-rules";
import { findCartOwner } from "@/lib/server/cart-owner";
import type { CartOwner } from "@/lib/cart/owner";
import type { Database } from "@/lib/db";
import { campaignCookie, campaignKey } from "@/lib/server/campaign-cookie";
import { markCacheTagsStale } from "@/lib/server/cache-expiry";
import { DELIVERY_MAX_LENGTH, deliveryFields, fulfilmentFields, type CheckoutInput } from "@/lib/checkout/delivery-details";
import { getDb } from "@/lib/server/database";
import { placeOrder, placeOrderMessages, type PlaceOrderResult, type ShortLine } from "@/lib/orders/place-order";
import { saveDelivery } from "@/lib/orders/saved-delivery";
import { orderPath } from "@/lib/orders/status";
import { parsePaymentChoice } from "@/lib/payments/choice";
import { mpesaConfig } from "@/lib/payments/mpesa/config";
import { pesapalConfig } from "@/lib/payments/pesapal/config";
import { paymentProviders } from "@/lib/payments/providers";
import { smsEnabled } from "@/lib/sms/client";
import { whatsappEnabled } from "@/lib/whatsapp/client";
import { saveUnfinishedCheckout } from "@/lib/winback/checkout-reminders";

/** What a refusal shows beside its message: the lines that ran short, or that the cart is empty. */
export type CheckoutRefusal = { shortLines?: ShortLine[]; emptyCart?: boolean };

type CheckoutState = FormState<CheckoutRefusal>;
type Answer = Parameters<typeof formAnswer<CheckoutRefusal>>[1];

/**
 * 'Place order': buys the shopper's cart (whose cart comes from the session or the cart
 * cookie, never from the form) exactly once per the form's idempotency key, and opens the
 * order's page; the confirmation e-mail goes out from the outbox. Anything refused stores nothing.
 */
export async function placeOrderAction(previous: CheckoutState, formData: FormData): Promise<CheckoutState> {
  const delivery: CheckoutInput = Object.fromEntries(
    [...deliveryFields, ...fulfilmentFields].map((field) => [field, formData.get(field)]),
  );
  const values = keptValues(delivery, formData);
  const answer = (state: Answer): CheckoutState => formAnswer(previous, { ...state, values });
  const owner = await findCartOwner();
  if (!owner) return answer({ message: placeOrderMessages.emptyCart, data: { emptyCart: true } });
  const db = await getDb();

  const payment = parsePaymentChoice(
    { method: formData.get("paymentMethod"), mpesaPhone: formData.get("mpesaPhone") || formData.get("phone") },
    { mpesa: mpesaConfig() !== null, pesapal: pesapalConfig() !== null },
  );
  const cookieStore = await cookies();
  const result = await placeOrder(db, {
    cartOwner: owner,
    delivery,
    buyerPin: formData.get("buyerPin"),
    idempotencyKey: formData.get("idempotencyKey"),
    payment,
    expectedSubtotal: formData.get("expectedSubtotal"),
    expectedDeliveryQuote: formData.get("deliveryQuote"),
    campaignCode: attributedCampaignCode(cookieStore.get(campaignCookie.name)?.value, new Date(), campaignKey()),
    clientAddress: clientAddress(await headers()),
    // An unticked box sends nothing; without SMS set up there is no box, and the order keeps the default.
    smsUpdates: formData.get("smsUpdates") === "on" || !smsEnabled(),
    whatsappUpdates: formData.get("whatsappUpdates") === "on" && whatsappEnabled(),
    marketingConsent: formData.get("marketingConsent") === "on",
    // The banner's answer, read here only (never by a page, which stays cached alike for everyone).
    analytics: { consentCookie: cookieStore.get(consentCookieName)?.value, gaCookie: cookieStore.get("_ga")?.value },
  });
  if (!result.ok) {
    await rememberUnfinished(db, owner, formData);
    return answer(refusal(result));
  }

  const { order } = result;
  if (!result.replayed) {
    markCacheTagsStale(result.staleTags);
    revalidatePath("/cart");
    // Saved details are an address to prefill: a pickup order leaves them as they were.
    if ("userId" in owner && values.saveDetails === "on" && order.fulfilment === "delivery")
      await saveDelivery(db, owner.userId, delivery);
    // The order and its stock are stored: its payment goes out now (M-Pesa's PIN prompt, Pesapal's page).
    const provider = paymentProviders[order.payment.method];
    const start = await provider.start(db, { paymentId: order.payment.id, clientAddress: clientAddress(await headers()) });
    if (start.next === "redirect") redirect(start.url);
  }
  redirect(orderPath(order.number));
}

/**
 * Saves the checkout's phone, e-mail address and offers box as the shopper leaves each (with
 * JavaScript), so that an unfinished checkout can be reminded of once (lib/winback/checkout-reminders.ts).
 */
export async function saveCheckoutDetailsAction(formData: FormData): Promise<void> {
  const owner = await findCartOwner();
  if (owner) await rememberUnfinished(await getDb(), owner, formData);
}

/** The same for a refused order: without JavaScript, the refusal is when the details arrive. */
async function rememberUnfinished(db: Database, owner: CartOwner, formData: FormData): Promise<void> {
  await saveUnfinishedCheckout(db, owner, {
    phone: formData.get("phone"),
    email: formData.get("email"),
    marketingConsent: formData.get("marketingConsent") === "on",
    clientAddress: clientAddress(await headers()),
  });
}

function refusal(result: Exclude<PlaceOrderResult, { ok: true }>): Answer {
  switch (result.reason) {
    case "invalid_delivery":
      return { errors: result.errors };
    case "out_of_stock":
      return { message: result.error, data: { shortLines: result.shortLines } };
    case "empty_cart":
      return { message: result.error, data: { emptyCart: true } };
    case "invalid_checkout":
    case "over_limit":
    case "payment_refused":
      return { message: result.error };
    case "discount_refused":
      // The page renders again with the code's refusal beside its field and the total without it.
      refresh();
      return { message: result.error };
    case "price_changed":
    case "delivery_quoted":
      // The page renders again with the new prices, delivery rates and total.
      refresh();
      return { message: result.error };
  }
}

/** What goes back into the form: each field's text, cut to a little over its limit so its error still shows. */
function keptValues(delivery: CheckoutInput, formData: FormData): CheckoutState["values"] {
  const values: CheckoutState["values"] = {};
  for (const box of ["saveDetails", "smsUpdates", "whatsappUpdates", "marketingConsent"])
    if (formData.get(box) === "on") values[box] = "on";
  for (const name of ["paymentMethod", "mpesaPhone", "buyerPin", ...fulfilmentFields]) {
    const value = formData.get(name);
    if (typeof value === "string") values[name] = value.slice(0, 41);
  }
  for (const field of deliveryFields) {
    const value = delivery[field];
    values[field] = typeof value === "string" ? value.slice(0, DELIVERY_MAX_LENGTH[field] + 1) : "";
  }
  return values;
}
