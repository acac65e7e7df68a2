import { readBodyAtMost } from "@/lib/http/body";
import { MAX_UPLOAD_REQUEST_BYTES, photoMessages } from "./rules";

/** The upload form's fields. */
export const uploadFields = { photo: "photo", alt: "alt" } as const;

/** What the upload endpoint answers: JSON for the form's script, a flash cookie for a plain form post. */
export type UploadOutcome = { ok: true; message: string } | { ok: false; field: "photo" | "alt"; error: string };

export type UploadForm =
  { ok: true; upload: Uint8Array; alt: unknown } | { ok: false; status: 400 | 413; field: "photo"; error: string };

/**
 * The upload form's photo and alt text from a multipart request, read no further than
 * MAX_UPLOAD_REQUEST_BYTES whatever its Content-Length claims: a bigger body is refused (413)
 * before it fills memory, a malformed one answers 400.
 */
export async function readUploadForm(request: Request): Promise<UploadForm> {
  const tooLarge = { ok: false, status: 413, field: "photo", error: photoMessages.tooLarge } as const;
  const body = await readBodyAtMost(request, MAX_UPLOAD_REQUEST_BYTES);
  if (!body) return tooLarge;
  const form = await new Response(body, { headers: { "content-type": request.headers.get("content-type") ?? "" } })
    .formData()
    .catch(() => null);
  const photo = form?.get(uploadFields.photo);
  if (!form || !(photo instanceof File) || photo.size === 0) {
    return { ok: false, status: 400, field: "photo", error: photoMessages.missingFile };
  }
  return { ok: true, upload: new Uint8Array(await photo.arrayBuffer()), alt: form.get(uploadFields.alt) };
}
