import "server-only";
import { catalogImportSection } from "@/lib/admin/sections";
import { actorOf } from "@/lib/auth/actor";
import { previewSheet } from "@/lib/catalog/sheet-preview";
import { importPagePath, sheetPreviewPath } from "@/lib/catalog/sheet-rules";
import { readSheetUpload } from "@/lib/catalog/sheet-upload-request";
import { getDb } from "@/lib/server/database";
import { roleForRoute } from "./session";

/**
 * A catalog spreadsheet's upload to `/admin/products/import/preview`: a route handler rather than a
 * server action, whose body Next.js caps at 1 MB; this one may carry the sheet's cap (10 MB).
 * Admins only, checked here. It stores the preview and sends the admin to it (303); a file it
 * cannot read sends them back to the upload form with the reason.
 */
export async function handleSheetUpload(request: Request): Promise<Response> {
  const access = await roleForRoute(catalogImportSection);
  if ("response" in access) return access.response;
  const upload = await readSheetUpload(request);
  if (!upload.ok) return seeOther(importPagePath(upload.problem));
  const preview = await previewSheet(await getDb(), upload.file, actorOf(access.user));
  return seeOther(preview.ok ? sheetPreviewPath(preview.importId) : importPagePath(preview.problem));
}

const seeOther = (path: string) => new Response(null, { status: 303, headers: { Location: path } });
