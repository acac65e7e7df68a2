"use server";

import { refresh } from "next/cache";
import { addToCart as addLine, removeFromCart, setCartQuantity } from "@/lib/cart/lines";
import { cartMessages } from "@/lib/cart/rules";
import { parseId } from "@/lib/core/ids";
import { chosenVariantId } from "@/lib/cart/variant-choice";
import { formAnswer, type FormState } from "@/components/ui/form-state";
import { getDb } from "@/lib/server/database";
import { cartOwnerForWrite, findCartOwner } from "@/lib/server/cart-owner";

/** 'Add to cart' from a product page: the chosen variant and `quantity`, limited by stock. Each answer is announced. */
export async function addToCart(previous: FormState, formData: FormData): Promise<FormState> {
  const owner = await cartOwnerForWrite();
  const db = await getDb();
  const variantId = await chosenVariantId(db, {
    variantId: formData.get("variantId"),
    colour: formData.get("colour"),
    size: formData.get("size"),
    packSize: formData.get("packSize"),
  });
  const change = await addLine(db, owner, { variantId, quantity: formData.get("quantity") });
  // Nothing cached shows the cart (the cart page renders per request, the header's badge reads
  // /api/viewer), so nothing is revalidated: a revalidation sends the whole product page back with the
  // answer, makes the router drop every prefetch and fetch the visible links again, and Next.js
  // answers those for on-demand product pages with 404s. A cookie set here counts as one, so a new
  // guest's cart cookie comes from proxy.ts.
  return formAnswer(previous, { ok: change.ok, message: change.ok ? (change.notice ?? cartMessages.added) : change.error });
}

/** The answer to a change on the cart page, shown beside the line it was about (`data`). */
export type CartLineState = FormState<{ variantId?: number }>;

/**
 * A line's form on /cart: 'Update' sets the quantity (limited by stock), 'Remove' removes it.
 * The page is re-rendered from the database either way, so the shopper sees the server's cart.
 */
export async function changeCartLine(previous: CartLineState, formData: FormData): Promise<CartLineState> {
  const line = { variantId: parseId(formData.get("variantId")) ?? undefined };
  const owner = await findCartOwner();
  if (!owner) return formAnswer(previous, { data: line, ok: false, message: cartMessages.notInCart });
  const db = await getDb();
  const change =
    formData.get("intent") === "remove"
      ? await removeFromCart(db, owner, formData.get("variantId"))
      : await setCartQuantity(db, owner, { variantId: formData.get("variantId"), quantity: formData.get("quantity") });
  // The cart page renders per request: refresh it, without dropping the router's prefetches as a revalidation would.
  refresh();
  return formAnswer(previous, { data: line, ok: change.ok, message: change.ok ? change.notice : change.error });
}
