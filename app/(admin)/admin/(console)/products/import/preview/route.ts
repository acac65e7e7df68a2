import { handleSheetUpload } from "@/lib/server/sheet-upload";

/** An admin uploads a catalog spreadsheet here to preview it (see lib/server/sheet-upload.ts). */
export async function POST(request: Request) {
  return handleSheetUpload(request);
}
