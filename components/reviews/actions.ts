"use server";

import { headers } from "next/headers";
import { revalidatePath } from "next/cache";
import { formAnswer, type FormState } from "@/components/ui/form-state";
import { clientAddress } from "@/lib/auth/form-values";
import { parseFormValues } from "@/lib/core/form-schema";
import { env } from "@/lib/env";
import { findOrderAccess } from "@/lib/orders/order-link";
import { orderLinkParam, orderPath } from "@/lib/orders/status";
import { reviewFields, reviewMessages } from "@/lib/reviews/labels";
import { postReview } from "@/lib/reviews/post-review";
import { reviewSchema } from "@/lib/reviews/rules";
import { orderOwnerCredentials } from "@/lib/server/cart-owner";
import { revalidateCatalog } from "@/lib/server/catalog-cache";
import { getDb } from "@/lib/server/database";

/**
 * 'Review this item' on a delivered order's page, for its owner or the holder of its signed link:
 * the review stored (published, or waiting for staff), or why not, with nothing stored.
 */
export async function postReviewAction(previous: FormState, formData: FormData): Promise<FormState> {
  const lineId = Number(formData.get("line"));
  const fields = reviewFields(lineId);
  const values = { [fields.title]: text(formData, fields.title), [fields.body]: text(formData, fields.body) };
  const db = await getDb();
  const access = await findOrderAccess(db, formData.get("number"), await orderOwnerCredentials(), formData.get(orderLinkParam));
  if (access.kind === "none") return formAnswer(previous, { ok: false, message: reviewMessages.cannot, values });
  const parsed = parseFormValues(reviewSchema, {
    lineId: formData.get("line"),
    rating: formData.get(fields.rating) ?? undefined,
    title: formData.get(fields.title) ?? undefined,
    body: formData.get(fields.body) ?? undefined,
  });
  if (!parsed.ok) {
    const { rating, title, body, lineId: badLine } = parsed.errors;
    const errors = { [fields.rating]: rating, [fields.title]: title, [fields.body]: body };
    return formAnswer(previous, { ok: false, errors, message: badLine && reviewMessages.cannot, values });
  }
  const result = await postReview(db, {
    orderId: access.order.id,
    review: parsed.data,
    clientAddress: clientAddress(await headers()),
    needsApproval: env().REVIEWS_NEED_APPROVAL,
  });
  if (!result.ok) return formAnswer(previous, { ok: false, message: result.error, values });
  revalidatePath(orderPath(access.order.number));
  if (result.status === "published") revalidateCatalog();
  return formAnswer(previous, { ok: true, message: reviewMessages[result.status === "published" ? "published" : "pending"] });
}

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};
