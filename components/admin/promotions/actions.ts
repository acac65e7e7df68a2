"use server";

import { revalidatePath } from "next/cache";
import { failedAnswer, formAnswer, type FormState } from "@/components/ui/form-state";
import { backOfficeSections } from "@/lib/admin/sections";
import { actorOf } from "@/lib/auth/actor";
import { getDb } from "@/lib/server/database";
import { promotionFromForm } from "@/lib/marketing/promotion-rules";
import { publishDraft, saveDraft } from "@/lib/marketing/promotions";
import { revalidatePromotions } from "@/lib/server/promotion-cache";
import { staffAction } from "@/lib/server/staff-action";

const section = backOfficeSections.promotions;

/** 'Save draft': checks the editor's fields and keeps them as the draft; the home page is unchanged. */
export const saveDraftAction = staffAction(
  "saveDraft",
  section,
  async (user, previous: FormState, formData: FormData) => {
    const parsed = promotionFromForm((name) => formData.get(name));
    if (!parsed.success) return formAnswer(previous, { message: parsed.error.issues.map((issue) => issue.message).join(" ") });
    const result = await saveDraft(await getDb(), parsed.data, actorOf(user));
    if (!result.ok) return formAnswer(previous, { message: result.error });
    revalidatePath(section.path);
    return formAnswer(previous, { ok: true, message: "Draft saved. Check the preview, then publish it." });
  },
  failedAnswer,
);

/** 'Publish': the draft goes on the home page, on every instance. */
export const publishAction = staffAction(
  "publishPromotion",
  section,
  async (user, previous: FormState) => {
    if (!(await publishDraft(await getDb(), actorOf(user)))) return formAnswer(previous, { message: "Save a draft first." });
    revalidatePromotions();
    revalidatePath(section.path);
    return formAnswer(previous, { ok: true, message: "Published: the home page shows it now." });
  },
  failedAnswer,
);
