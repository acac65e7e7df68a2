"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { FormState } from "@/components/ui/form-state";
import { currentCartOwner } from "@/lib/server/cart-owner";
import { revalidateCatalog } from "@/lib/server/catalog-cache";
import { DELIVERY_MAX_LENGTH, deliveryFields, type DeliveryInput } from "@/lib/checkout/delivery-details";
import { getDb } from "@/lib/db";
import { placeOrder, placeOrderMessages, type PlaceOrderResult, type ShortLine } from "@/lib/orders/place-order";
import { saveDelivery } from "@/lib/orders/saved-delivery";
import { orderPath } from "@/lib/orders/status";

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
  const values = keptValues(delivery, formData.get("saveDetails") === "on");
  const answer = (state: Omit<CheckoutState, "values" | "submission">): CheckoutState => ({ ...state, values, submission });
  const owner = await currentCartOwner();
  if (!owner) return answer({ errors: {}, message: placeOrderMessages.emptyCart, emptyCart: true });

  const db = await getDb();
  const result = await placeOrder(db, { cartOwner: owner, delivery, idempotencyKey: formData.get("idempotencyKey") });
  if (!result.ok) return answer(refusal(result));

  const { order } = result;
  if (!result.replayed) {
    revalidateCatalog();
    revalidatePath("/cart");
    if ("userId" in owner && values.saveDetails === "on") await saveDelivery(db, owner.userId, delivery);
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
      return { errors: {}, message: result.message };
  }
}

/** What goes back into the form: each field's text, cut to a little over its limit so its error still shows. */
function keptValues(delivery: DeliveryInput, saveDetails: boolean): CheckoutState["values"] {
  const values: CheckoutState["values"] = saveDetails ? { saveDetails: "on" } : {};
  for (const field of deliveryFields) {
    const value = delivery[field];
    values[field] = typeof value === "string" ? value.slice(0, DELIVERY_MAX_LENGTH[field] + 1) : "";
  }
  return values;
}
