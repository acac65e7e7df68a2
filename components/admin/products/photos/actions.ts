"use server";

import { refresh } from "next/cache";
import { failedAnswer, formAnswer, type FormState } from "@/components/ui/form-state";
import { backOfficeSections } from "@/lib/admin/sections";
import { actorOf } from "@/lib/auth/actor";
import { parseId } from "@/lib/core/ids";
import { changeProductPhoto, parsePhotoChange } from "@/lib/catalog/photos";
import { getDb } from "@/lib/server/database";
import { photoMessages } from "@/lib/photos/rules";
import { revalidateCatalog } from "@/lib/server/catalog-cache";
import { staffAction } from "@/lib/server/staff-action";
import { photoAltField } from "./photo-fields";

/**
 * A photo's buttons (the pressed one's `intent`): move it, make it the main photo, save its alt
 * text or its colour, or remove it. An alt text's error shows beside that photo's field, others on top.
 */
export const changePhoto = staffAction(
  "changePhoto",
  backOfficeSections.products,
  async (user, previous: FormState, formData: FormData) => {
    const photoId = parseId(formData.get("photoId"));
    const change = parsePhotoChange(formData.get("intent"), {
      alt: formData.get("alt"),
      colour: formData.get("colour"),
    });
    if (photoId === null || change === null) return formAnswer(previous, { ok: false, message: photoMessages.unknownPhoto });
    const result = await changeProductPhoto(await getDb(), { photoId, change, actor: actorOf(user) });
    if (!result.ok) {
      return change.kind === "alt"
        ? formAnswer(previous, { ok: false, errors: { [photoAltField(photoId)]: result.error } })
        : formAnswer(previous, { ok: false, message: result.error });
    }
    revalidateCatalog();
    refresh();
    return formAnswer(previous, { ok: true, message: result.message });
  },
  failedAnswer,
);
