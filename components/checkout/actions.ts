"use server";

import { refresh, revalidatePath } from "next/cache";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { clientAddress } from "@/lib/auth/form-values";
import type { FormState } from "@/components/ui/form-state";
import { attributedCampaignCode } from "@/lib/marketing/attribution";
import { currentCartOwner } from "@/lib/server/cart-owner";
import { campaignCookie, campaignKey } from "@/lib/server/cookies";
import { expireCacheTags } from "@/lib/server/catalog-cache";
import { DELIVERY_MAX_LENGTH, deliveryFields, parseDelivery, type DeliveryInput } from "@/lib/checkout/delivery-details";
import { getDb } from "@/lib/db";
import { placeOrder, placeOrderMessages, type PlaceOrderResult, type ShortLine } from "@/lib/orders/place-order";
import { saveDelivery } from "@/lib/orders/saved-delivery";
import { orderPath } from "@/lib/orders/status";
import { parsePaymentChoice } from "@/lib/payments/choice";
import { mpesaConfig } from "@/lib/payments/mpesa/config";
import { sendStkPush } from "@/lib/payments/mpesa/push";

/** The checkout form's answer: errors beside fields, or a message on top (with the short lines when stock ran out). */
export type CheckoutState = FormState & {
  /** Counts the answers, so the county select can be rebuilt with the county each one sends back. */
  submission?: number;
  shortLines?: ShortLine[];
  emptyCart?: boolean;
};

/**
 * 'Place order': buys the shopper's cart (whose cart comes from the session or the cart
 * cookie, never from the form) exactly once per the form's idempotency key, and opens the
 * order's page; the confirmation e-mail goes out from the outbox. Anything refused stores nothing.
 */
export async function placeOrderAction(previous: CheckoutState, formData: FormData): Promise<CheckoutState> {
  const submission = (previous.submission ?? 0) + 1;
  const delivery: DeliveryInput = Object.fromEntries(deliveryFields.map((field) => [field, formData.get(field)]));
  const values = keptValues(delivery, formData);
  const answer = (state: Omit<CheckoutState, "values" | "submission">): CheckoutState => ({ ...state, values, submission });
  const owner = await currentCartOwner();
  if (!owner) return answer({ errors: {}, message: placeOrderMessages.emptyCart, emptyCart: true });

  const mpesa = mpesaConfig();
  const payment = parsePaymentChoice(
    { method: formData.get("paymentMethod"), mpesaPhone: formData.get("mpesaPhone") || formData.get("phone") },
    mpesa !== null,
  );
  if (!payment.ok) {
    // Every field's error at once: the delivery details' too.
    const checked = parseDelivery(delivery);
    return answer({ errors: { ...(checked.ok ? {} : checked.errors), mpesaPhone: payment.error } });
  }

  const db = await getDb();
  const result = await placeOrder(db, {
    cartOwner: owner,
    delivery,
    idempotencyKey: formData.get("idempotencyKey"),
    payment: payment.choice,
    expectedSubtotal: formData.get("expectedSubtotal"),
    campaignCode: attributedCampaignCode((await cookies()).get(campaignCookie.name)?.value, new Date(), campaignKey()),
    clientAddress: clientAddress(await headers()),
  });
  if (!result.ok) return answer(refusal(result));

  const { order } = result;
  if (!result.replayed) {
    expireCacheTags(result.staleTags);
    revalidatePath("/cart");
    if ("userId" in owner && values.saveDetails === "on") await saveDelivery(db, owner.userId, delivery);
    // The order and its stock are stored: the PIN prompt goes out now, and its outcome shows on the order's page.
    if (mpesa && order.payment.method === "mpesa") {
      await sendStkPush(db, mpesa, { paymentId: order.payment.id, clientAddress: clientAddress(await headers()) });
    }
  }
  redirect(orderPath(order.number));
}

function refusal(result: Exclude<PlaceOrderResult, { ok: true }>): Omit<CheckoutState, "values"> {
  switch (result.reason) {
    case "invalid_delivery":
      return { errors: result.errors };
    case "out_of_stock":
      return { errors: {}, message: result.message, shortLines: result.shortLines };
    case "empty_cart":
      return { errors: {}, message: result.message, emptyCart: true };
    case "invalid_checkout":
    case "over_limit":
      return { errors: {}, message: result.message };
    case "price_changed":
      // The page renders again with the new prices and total.
      refresh();
      return { errors: {}, message: result.message };
  }
}

/** What goes back into the form: each field's text, cut to a little over its limit so its error still shows. */
function keptValues(delivery: DeliveryInput, formData: FormData): CheckoutState["values"] {
  const values: CheckoutState["values"] = formData.get("saveDetails") === "on" ? { saveDetails: "on" } : {};
  for (const name of ["paymentMethod", "mpesaPhone"]) {
    const value = formData.get(name);
    if (typeof value === "string") values[name] = value.slice(0, 40);
  }
  for (const field of deliveryFields) {
    const value = delivery[field];
    values[field] = typeof value === "string" ? value.slice(0, DELIVERY_MAX_LENGTH[field] + 1) : "";
  }
  return values;
}
