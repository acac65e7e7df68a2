"use server";

import { refresh } from "next/cache";
import { redirect } from "next/navigation";
import type { FormState } from "@/components/ui/form-state";
import { backOfficeSections } from "@/lib/admin/sections";
import { actorOf } from "@/lib/auth/actor";
import { createProduct, updateProduct } from "@/lib/catalog/manage-products";
import { fixBelow, parseProductForm } from "@/lib/catalog/product-input";
import { parseProductId, staffProductPath } from "@/lib/catalog/staff-products";
import { getDb } from "@/lib/server/database";
import { revalidateCatalog } from "@/lib/server/catalog-cache";
import { requireRole } from "@/lib/server/session";

/** The form's answer; `submission` counts them, so the form's fields are rebuilt with each answer's values. */
export type ProductFormState = FormState & { submission?: number };

/**
 * 'Create product' and 'Save changes': the whole form checked again here (a post that skips the
 * browser's checks stores nothing), the role checked again (the page's check protects nothing once
 * the form is posted), then one transaction. Shoppers' pages refresh on every instance.
 */
export async function saveProductAction(previous: ProductFormState, formData: FormData): Promise<ProductFormState> {
  const user = await requireRole(backOfficeSections.products);
  const submission = (previous.submission ?? 0) + 1;
  const idText = formData.get("productId");
  const productId = typeof idText === "string" && idText !== "" ? parseProductId(idText) : null;
  const isNew = idText === null || idText === "";
  const values = postedValues(formData);
  if (!isNew && productId === null) return { errors: {}, values, ok: false, message: notFound, submission };

  const parsed = parseProductForm(formData, { isNew });
  if (!parsed.ok) return { errors: parsed.errors, values, ok: false, message: fixBelow, submission };
  const db = await getDb();
  const actor = actorOf(user);
  const result =
    productId === null
      ? await createProduct(db, parsed.product, actor)
      : await updateProduct(db, productId, parsed.product, actor);
  if (!result.ok)
    return "notFound" in result
      ? { errors: {}, values, ok: false, message: notFound, submission }
      : { errors: result.errors, values, ok: false, message: result.message, submission };
  revalidateCatalog();
  if (isNew) redirect(staffProductPath(result.productId));
  refresh();
  return { errors: {}, values: {}, ok: true, message: "Saved. Shoppers see the change now.", submission };
}

const notFound = "This product does not exist.";

/** Every text field posted, to put back in the form beside its message. */
function postedValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  formData.forEach((value, name) => {
    if (typeof value === "string" && !name.startsWith("$")) values[name] = value.slice(0, 2100);
  });
  return values;
}
