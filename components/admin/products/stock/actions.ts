"use server";

import { refresh } from "next/cache";
import type { FormState } from "@/components/ui/form-state";
import { backOfficeSections } from "@/lib/admin/sections";
import { actorOf } from "@/lib/auth/actor";
import { getDb } from "@/lib/server/database";
import { revalidateCatalog } from "@/lib/server/catalog-cache";
import { requireRole } from "@/lib/server/session";
import { adjustStock } from "@/lib/stock/adjust";

/**
 * A variant's 'Adjust stock' form, for staff holding the products role (checked here again: the
 * page's check protects nothing once the form is posted). The page shows the new level and history;
 * shoppers' pages are fresh at once. A refusal changes nothing and says why beside the field.
 */
export async function adjustStockAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const user = await requireRole(backOfficeSections.products);
  const values = { change: String(formData.get("change") ?? ""), reason: String(formData.get("reason") ?? "") };
  const result = await adjustStock(await getDb(), {
    variantId: formData.get("variantId"),
    change: formData.get("change"),
    reason: formData.get("reason"),
    actor: actorOf(user),
  });
  if (!result.ok) {
    if (result.reason === "unknown_variant") return { errors: {}, values, ok: false, message: result.message };
    return { errors: result.errors, values, ok: false };
  }
  revalidateCatalog();
  refresh();
  return { errors: {}, values: {}, ok: true, message: result.message };
}
