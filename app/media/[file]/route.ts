import { getDb } from "@/lib/server/database";
import { findRendition } from "@/lib/photos/store";
import { parseRenditionName } from "@/lib/photos/urls";

/**
 * A photo rendition, `/media/<content hash>-<width>.webp`, from the database (every instance serves
 * the same files). The name is the content's hash, so browsers and CDNs may keep it for ever.
 * Anything else answers 404.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const name = parseRenditionName((await params).file);
  const data = name && (await findRendition(await getDb(), name.key, name.width));
  if (!data) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(new Uint8Array(data), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(data.length),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
