import "server-only";
import { backOfficeSections } from "@/lib/admin/sections";
import { actorOf } from "@/lib/auth/actor";
import { getDb } from "@/lib/server/database";
import { slideAltSchema, slideLinkSchema } from "@/lib/marketing/promotion-rules";
import { addUploadedSlide } from "@/lib/marketing/promotions";
import { processUpload } from "@/lib/photos/process";
import { photoMessages } from "@/lib/photos/rules";
import { readUploadForm } from "@/lib/photos/upload-request";
import { roleForRoute } from "./session";

/** What the promotions page says after an upload, by the code in its `upload` parameter (nothing else is shown). */
export const slideUploadMessages = {
  ...photoMessages,
  added: "Slide added to the draft. Check the preview, then publish it.",
  full: "The carousel has 6 slides already: leave one out first.",
  alt: "Describe the image for people who cannot see it.",
  link: "Choose the product or category the slide opens.",
} as const;

export type SlideUploadCode = keyof typeof slideUploadMessages;

/**
 * An image uploaded for a new slide, posted to `/admin/promotions/slides` (a route handler, so that
 * one request may carry 10 MB): checked and rendered by lib/photos, then added to the draft.
 * Answers with a redirect back to the editor, whose `upload` parameter says how it went.
 */
export async function handleSlideUpload(request: Request): Promise<Response> {
  const section = backOfficeSections.promotions;
  const access = await roleForRoute(section);
  if ("response" in access) return access.response;
  const code = await upload(request, access.user);
  return new Response(null, { status: 303, headers: { Location: `${section.path}?upload=${code}#upload-title` } });
}

async function upload(request: Request, user: Parameters<typeof actorOf>[0]): Promise<SlideUploadCode> {
  // A copy for the slide's link: read only once readUploadForm has bounded the body's size.
  const copy = request.clone();
  const form = await readUploadForm(request);
  if (!form.ok) return codeOf(form.error);
  const alt = slideAltSchema.safeParse(form.alt);
  if (!alt.success) return "alt";
  const fields = await copy.formData().catch(() => null);
  const href = slideLinkSchema.safeParse(fields?.get("href"));
  if (!href.success) return "link";
  const processed = await processUpload(form.upload);
  if (!processed.ok) return codeOf(processed.error);
  const added = await addUploadedSlide(await getDb(), { image: processed.image, alt: alt.data, href: href.data }, actorOf(user));
  return added.ok ? "added" : "full";
}

function codeOf(error: string): SlideUploadCode {
  const found = Object.entries(photoMessages).find(([, message]) => message === error);
  return (found?.[0] as SlideUploadCode | undefined) ?? "uploadFailed";
}
