"use server";

import { refresh } from "next/cache";
import { backOfficeSections } from "@/lib/admin/sections";
import { actorOf } from "@/lib/auth/actor";
import { parseId } from "@/lib/core/ids";
import { changeProductPhoto, parsePhotoChange } from "@/lib/catalog/photos";
import { getDb } from "@/lib/server/database";
import { photoMessages } from "@/lib/photos/rules";
import { revalidateCatalog } from "@/lib/server/catalog-cache";
import { requireRole } from "@/lib/server/session";

/** A photo list's answer: a message on top, or beside the alt text of the photo it concerns. */
export type PhotoListState = { ok?: boolean; message?: string; altError?: { photoId: number; error: string } };

/**
 * A photo's buttons (the pressed one's `intent`): move it, make it the main photo, save its alt
 * text, or remove it. Checks the role again: the page's check protects nothing once posted.
 */
export async function changePhoto(_previous: PhotoListState, formData: FormData): Promise<PhotoListState> {
  const user = await requireRole(backOfficeSections.products);
  const photoId = parseId(formData.get("photoId"));
  const change = parsePhotoChange(formData.get("intent"), formData.get("alt"));
  if (photoId === null || change === null) return { ok: false, message: photoMessages.unknownPhoto };
  const result = await changeProductPhoto(await getDb(), { photoId, change, actor: actorOf(user) });
  if (!result.ok) {
    return change.kind === "alt"
      ? { ok: false, altError: { photoId, error: result.error } }
      : { ok: false, message: result.error };
  }
  revalidateCatalog();
  refresh();
  return { ok: true, message: result.message };
}
