import { handleSlideUpload } from "@/lib/server/slide-upload";

/** An uploaded image for a new slide of the draft promotion (see lib/server/slide-upload.ts). */
export const POST = (request: Request) => handleSlideUpload(request);
