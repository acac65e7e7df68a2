"use server";

import { refresh } from "next/cache";
import { failedAnswer, formAnswer, type FormState } from "@/components/ui/form-state";
import { backOfficeSections } from "@/lib/admin/sections";
import { actorOf } from "@/lib/auth/actor";
import { getDb } from "@/lib/server/database";
import { revalidateCatalog } from "@/lib/server/catalog-cache";
import { staffAction } from "@/lib/server/staff-action";
import { adjustStock } from "@/lib/stock/adjust";

/**
 * A variant's 'Adjust stock' form, for staff holding the products role. The page shows the new
 * level and history; shoppers' pages are fresh at once. A refusal changes nothing and says why
 * beside the field.
 */
export const adjustStockAction = staffAction(
  "adjustStock",
  backOfficeSections.products,
  async (user, previous: FormState, formData: FormData) => {
    const values = { change: String(formData.get("change") ?? ""), reason: String(formData.get("reason") ?? "") };
    const result = await adjustStock(await getDb(), {
      variantId: formData.get("variantId"),
      change: formData.get("change"),
      reason: formData.get("reason"),
      actor: actorOf(user),
    });
    if (!result.ok) {
      if (result.reason === "unknown_variant") return formAnswer(previous, { values, ok: false, message: result.error });
      return formAnswer(previous, { errors: result.errors, values, ok: false });
    }
    revalidateCatalog();
    refresh();
    return formAnswer(previous, { ok: true, message: result.message });
  },
  failedAnswer,
);
