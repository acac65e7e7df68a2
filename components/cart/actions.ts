"use server";

import { revalidatePath } from "next/cache";
import { addToCart as addLine } from "@/lib/cart/cart";
import { cartMessages } from "@/lib/cart/rules";
import { getDb } from "@/lib/db";
import { cartOwnerForWrite } from "./owner";

/** What the product page shows after 'Add to cart'; `submission` counts answers so each one is announced. */
export type AddToCartState = { submission: number; ok?: boolean; message?: string };

/** 'Add to cart' from a product page: the form's `variantId` and `quantity`, limited by stock. */
export async function addToCart(previous: AddToCartState, formData: FormData): Promise<AddToCartState> {
  const submission = previous.submission + 1;
  const owner = await cartOwnerForWrite();
  const change = await addLine(await getDb(), owner, { variantId: formData.get("variantId"), quantity: formData.get("quantity") });
  if (!change.ok) return { submission, ok: false, message: change.error };
  revalidatePath("/cart");
  return { submission, ok: true, message: change.notice ?? cartMessages.added };
}
