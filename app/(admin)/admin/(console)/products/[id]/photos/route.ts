import { handlePhotoUpload } from "@/lib/server/photo-upload";

/** Staff upload a product photo here (see lib/server/photo-upload.ts). */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handlePhotoUpload(request, (await params).id);
}
