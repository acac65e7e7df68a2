"use server";

import { refresh } from "next/cache";
import { redirect } from "next/navigation";
import { failedAnswer, formAnswer, type FormState } from "@/components/ui/form-state";
import { backOfficeSections } from "@/lib/admin/sections";
import { actorOf } from "@/lib/auth/actor";
import { listCategories } from "@/lib/catalog/category-queries";
import { createProduct, updateProduct } from "@/lib/catalog/manage-products";
import { fixBelow, parseProductForm, productNotFound } from "@/lib/catalog/product-input";
import { parseProductId, staffProductPath } from "@/lib/catalog/staff-products";
import { getDb } from "@/lib/server/database";
import { revalidateCatalog } from "@/lib/server/catalog-cache";
import { staffAction } from "@/lib/server/staff-action";

/**
 * 'Create product' and 'Save changes': the whole form checked again here (a post that skips the
 * browser's checks stores nothing), then one transaction. Shoppers' pages refresh on every instance.
 * Each answer is counted, so the form's fields are rebuilt with its values.
 */
export const saveProductAction = staffAction(
  "saveProduct",
  backOfficeSections.products,
  async (user, previous: FormState, formData: FormData) => {
    const idText = formData.get("productId");
    const productId = typeof idText === "string" && idText !== "" ? parseProductId(idText) : null;
    const isNew = idText === null || idText === "";
    const values = postedValues(formData);
    if (!isNew && productId === null) return formAnswer(previous, { values, ok: false, message: productNotFound });

    const db = await getDb();
    const parsed = parseProductForm(Object.fromEntries(formData), await listCategories(db));
    if (!parsed.ok) return formAnswer(previous, { errors: parsed.errors, values, ok: false, message: fixBelow });
    const actor = actorOf(user);
    const result =
      productId === null
        ? await createProduct(db, parsed.product, actor)
        : await updateProduct(db, productId, parsed.product, actor);
    if (!result.ok) {
      const errors = "errors" in result ? result.errors : {};
      return formAnswer(previous, { errors, values, ok: false, message: result.error });
    }
    revalidateCatalog();
    if (isNew) redirect(staffProductPath(result.productId));
    refresh();
    return formAnswer(previous, { ok: true, message: "Saved. Shoppers see the change now." });
  },
  failedAnswer,
);

/** Every text field posted, to put back in the form beside its message. */
function postedValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  formData.forEach((value, name) => {
    if (typeof value === "string" && !name.startsWith("$")) values[name] = value.slice(0, 2100);
  });
  return values;
}
