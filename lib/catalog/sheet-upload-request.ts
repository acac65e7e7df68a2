import { readBodyAtMost } from "@/lib/http/body";
import { MAX_SHEET_BYTES, sheetUploadField, type SheetProblem } from "./sheet-rules";

export type SheetUpload = { ok: true; file: { name: string; bytes: Uint8Array } } | { ok: false; problem: SheetProblem };

/** Room for the multipart envelope around the file (boundaries, the part's headers). */
const envelopeBytes = 64 * 1024;

/**
 * The upload form's file from a multipart request, read no further than the sheet's cap whatever
 * its Content-Length claims, so a bigger body is refused before it fills memory.
 */
export async function readSheetUpload(request: Request): Promise<SheetUpload> {
  const body = await readBodyAtMost(request, MAX_SHEET_BYTES + envelopeBytes);
  if (!body) return { ok: false, problem: { error: "tooLarge" } };
  const form = await new Response(body, { headers: { "content-type": request.headers.get("content-type") ?? "" } })
    .formData()
    .catch(() => null);
  const file = form?.get(sheetUploadField);
  if (!(file instanceof File) || file.size === 0) return { ok: false, problem: { error: "missing" } };
  if (file.size > MAX_SHEET_BYTES) return { ok: false, problem: { error: "tooLarge" } };
  return { ok: true, file: { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) } };
}
