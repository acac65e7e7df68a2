"use server";

import { revalidatePath } from "next/cache";
import { backOfficeSections } from "@/lib/admin/sections";
import { actorOf } from "@/lib/auth/actor";
import { getDb } from "@/lib/server/database";
import { promotionFromForm } from "@/lib/marketing/promotion-rules";
import { publishDraft, saveDraft } from "@/lib/marketing/promotions";
import { revalidatePromotions } from "@/lib/server/promotion-cache";
import { requireRole } from "@/lib/server/session";

export type PromotionFormState = { ok?: boolean; message?: string };

const section = backOfficeSections.promotions;

/** 'Save draft': checks the editor's fields and keeps them as the draft; the home page is unchanged. */
export async function saveDraftAction(_previous: PromotionFormState, formData: FormData): Promise<PromotionFormState> {
  const user = await requireRole(section);
  const parsed = promotionFromForm((name) => formData.get(name));
  if (!parsed.success) return { message: parsed.error.issues.map((issue) => issue.message).join(" ") };
  const result = await saveDraft(await getDb(), parsed.data, actorOf(user));
  if (!result.ok) return { message: result.error };
  revalidatePath(section.path);
  return { ok: true, message: "Draft saved. Check the preview, then publish it." };
}

/** 'Publish': the draft goes on the home page, on every instance. */
export async function publishAction(_previous: PromotionFormState): Promise<PromotionFormState> {
  const user = await requireRole(section);
  if (!(await publishDraft(await getDb(), actorOf(user)))) return { message: "Save a draft first." };
  revalidatePromotions();
  revalidatePath(section.path);
  return { ok: true, message: "Published: the home page shows it now." };
}
