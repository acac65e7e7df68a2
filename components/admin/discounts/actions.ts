"use server";

import { revalidatePath } from "next/cache";
import { failedAnswer, formAnswer, type FormState } from "@/components/ui/form-state";
import { backOfficeSections } from "@/lib/admin/sections";
import { actorOf } from "@/lib/auth/actor";
import { parseFormValues } from "@/lib/core/form-schema";
import { parseId } from "@/lib/core/ids";
import { listCategories } from "@/lib/catalog/category-queries";
import { discountCodeFields, discountCodeListFields, discountCodeSchema } from "@/lib/discounts/code-input";
import { createDiscountCode, setDiscountCodeEnabled } from "@/lib/discounts/manage";
import { getDb } from "@/lib/server/database";
import { staffAction } from "@/lib/server/staff-action";

const section = backOfficeSections.discounts;

/** 'Create code': a new discount code, checked by the form's one schema; its history starts with who created it. */
export const createDiscountCodeAction = staffAction(
  "createDiscountCode",
  section,
  async (user, previous: FormState, formData: FormData) => {
    const raw: Record<string, unknown> = Object.fromEntries(
      discountCodeFields.map((field) => [field, formData.get(field) ?? ""]),
    );
    for (const field of discountCodeListFields) raw[field] = formData.getAll(field);
    const values = Object.fromEntries(discountCodeFields.map((field) => [field, String(raw[field]).slice(0, 40)]));
    const db = await getDb();
    const parsed = parseFormValues(discountCodeSchema(await listCategories(db)), raw);
    if (!parsed.ok) return formAnswer(previous, { errors: parsed.errors, values });
    const created = await createDiscountCode(db, parsed.data, actorOf(user));
    if (!created.ok) return formAnswer(previous, { errors: { code: created.error }, values });
    revalidatePath(section.path);
    return formAnswer(previous, { ok: true, message: `Code ${parsed.data.code} created.` });
  },
  failedAnswer,
);

/** A row's 'Disable' or 'Enable' button (`id:on` or `id:off`); works without JavaScript. */
export const toggleDiscountCodeAction = staffAction(
  "toggleDiscountCode",
  section,
  async (user, formData: FormData) => {
    const [idText, state] = String(formData.get("toggle") ?? "").split(":");
    const id = parseId(idText);
    if (id === null || (state !== "on" && state !== "off")) return;
    await setDiscountCodeEnabled(await getDb(), id, state === "on", actorOf(user));
    revalidatePath(section.path);
  },
  // The list shows each code as it is, so a failed toggle shows as unchanged.
  () => undefined,
);
