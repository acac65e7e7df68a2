"use server";

import { redirect } from "next/navigation";
import { failedAnswer, formAnswer, type FormState } from "@/components/ui/form-state";
import { catalogImportSection } from "@/lib/admin/sections";
import { actorOf } from "@/lib/auth/actor";
import { parseId } from "@/lib/core/ids";
import { applySheet } from "@/lib/catalog/sheet-apply";
import type { RefusedRow } from "@/lib/catalog/sheet-plan";
import { sheetMessages, sheetPreviewPath } from "@/lib/catalog/sheet-rules";
import { getDb } from "@/lib/server/database";
import { revalidateCatalog } from "@/lib/server/catalog-cache";
import { staffAction } from "@/lib/server/staff-action";

/**
 * 'Apply' on a catalog spreadsheet's preview: admins only. Its body is the preview's id, the plan
 * itself being stored. Applied, this instance's catalog pages refresh at once (the others hear the
 * transaction's announcement) and the preview's page says so; refused, the rows are listed.
 */
export const applySheetAction = staffAction(
  "applySheet",
  catalogImportSection,
  async (user, previous: FormState<RefusedRow[]>, formData: FormData): Promise<FormState<RefusedRow[]>> => {
    const importId = parseId(formData.get("importId"));
    if (importId === null) return formAnswer(previous, { ok: false, message: sheetMessages.notFound });
    const result = await applySheet(await getDb(), importId, actorOf(user));
    if (!result.ok) {
      if (result.reason !== "refused") return formAnswer(previous, { ok: false, message: result.error });
      return formAnswer(previous, { ok: false, message: sheetMessages.refusedRows, data: result.refused });
    }
    if (result.changed) revalidateCatalog();
    redirect(sheetPreviewPath(importId));
  },
  failedAnswer,
);
