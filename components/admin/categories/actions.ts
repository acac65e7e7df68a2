"use server";

import { refresh } from "next/cache";
import { redirect } from "next/navigation";
import { failedAnswer, formAnswer, type FormState } from "@/components/ui/form-state";
import { backOfficeSections } from "@/lib/admin/sections";
import { categoryMessages, parseCategoryForm } from "@/lib/catalog/category-input";
import { createCategory, deleteCategory, moveCategory, setCategoryHidden, updateCategory } from "@/lib/catalog/manage-categories";
import { parseId } from "@/lib/core/ids";
import { revalidateCatalog } from "@/lib/server/catalog-cache";
import { getDb } from "@/lib/server/database";
import { staffAction } from "@/lib/server/staff-action";

const section = backOfficeSections.categories;
const fields = ["name", "slug", "description", "kind", "taxClass", "kidsSizes", "adultSizes"] as const;

/**
 * 'Create category' and 'Save changes' (the post's `categoryId` says which): the form checked
 * again here, then one transaction; the shop's pages follow on every instance.
 */
export const saveCategoryAction = staffAction(
  "saveCategory",
  section,
  async (_admin, previous: FormState, formData: FormData) => {
    const values = Object.fromEntries(fields.map((field) => [field, String(formData.get(field) ?? "").slice(0, 400)]));
    const parsed = parseCategoryForm(values);
    if (!parsed.ok) return formAnswer(previous, { errors: parsed.errors, values, ok: false });
    const idText = formData.get("categoryId");
    const id = idText === null ? null : parseId(idText);
    if (idText !== null && id === null) return formAnswer(previous, { values, ok: false, message: categoryMessages.notFound });
    const db = await getDb();
    const result = id === null ? await createCategory(db, parsed.data) : await updateCategory(db, id, parsed.data);
    if (!result.ok) return formAnswer(previous, { errors: result.errors, values, ok: false, message: result.error });
    revalidateCatalog();
    if (id === null) redirect(section.path);
    refresh();
    return formAnswer(previous, { ok: true, message: "Saved. Shoppers see the change now." });
  },
  failedAnswer,
);

const rowActions = ["up", "down", "hide", "show", "delete"] as const;

/** A row's buttons (`up:3`, `hide:3`, `delete:3`…), one form for the list, working without JavaScript. */
export const categoryRowAction = staffAction(
  "categoryRow",
  section,
  async (_admin, previous: FormState, formData: FormData) => {
    const [verb, idText] = String(formData.get("do") ?? "").split(":");
    const action = rowActions.find((known) => known === verb);
    const id = parseId(idText);
    if (!action || id === null) return formAnswer(previous, { ok: false, message: categoryMessages.notFound });
    const db = await getDb();
    if (action === "delete") {
      const result = await deleteCategory(db, id);
      if (!result.ok) return formAnswer(previous, { ok: false, message: result.error });
    } else if (action === "up" || action === "down") await moveCategory(db, id, action);
    else await setCategoryHidden(db, id, action === "hide");
    revalidateCatalog();
    refresh();
    return formAnswer(previous, {
      ok: true,
      message: action === "delete" ? "Category deleted." : "Saved. Shoppers see the change now.",
    });
  },
  failedAnswer,
);
