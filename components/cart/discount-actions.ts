"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { clientAddress } from "@/lib/auth/form-values";
import { formAnswer, type FormState } from "@/components/ui/form-state";
import { getCart } from "@/lib/cart/lines";
import { applyCartCode, cartCodeMessages, removeCartCode } from "@/lib/discounts/cart-code";
import { getDb } from "@/lib/server/database";
import { findCartOwner } from "@/lib/server/cart-owner";

/**
 * 'Apply' (or 'Remove') on the cart and the checkout: keeps a code on the shopper's cart when it
 * applies, else says why beside the field. Works as a plain form post without JavaScript.
 */
export async function applyDiscountCode(previous: FormState, formData: FormData): Promise<FormState> {
  const owner = await findCartOwner();
  if (!owner) return formAnswer(previous, { errors: { discountCode: cartCodeMessages.emptyCart } });
  const db = await getDb();
  if (formData.get("intent") === "remove") {
    await removeCartCode(db, owner);
    return answered(previous, { ok: true, message: cartCodeMessages.removed });
  }
  const typed = formData.get("discountCode");
  const applied = await applyCartCode(db, owner, await getCart(db, owner), typed, clientAddress(await headers()));
  if (!applied.ok)
    return formAnswer(previous, {
      errors: { discountCode: applied.error },
      values: { discountCode: typeof typed === "string" ? typed.slice(0, 40) : "" },
    });
  return answered(previous, { ok: true, message: cartCodeMessages.applied(applied.quote.code) });
}

function answered(previous: FormState, answer: Parameters<typeof formAnswer<undefined>>[1]): FormState {
  revalidatePath("/cart");
  revalidatePath("/checkout");
  return formAnswer(previous, answer);
}
