import { getDb } from "@/lib/server/database";
import { renditionAsJpeg } from "@/lib/photos/process";
import { findRendition } from "@/lib/photos/store";
import { parseJpegName, parseRenditionName } from "@/lib/photos/urls";

/**
 * A photo rendition, `/media/<content hash>-<width>.webp`, from the database (every instance serves
 * the same files), or its JPEG copy (`.jpg`) for the shopping feeds. The name is the content's
 * hash, so browsers and CDNs may keep it for ever. Anything else answers 404.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const file = (await params).file;
  const webp = parseRenditionName(file);
  const jpeg = webp ? null : parseJpegName(file);
  const name = webp ?? jpeg;
  const stored = name && (await findRendition(await getDb(), name.key, name.width));
  if (!stored) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const data = jpeg ? await renditionAsJpeg(stored) : stored;
  return new Response(new Uint8Array(data), {
    headers: {
      "Content-Type": jpeg ? "image/jpeg" : "image/webp",
      "Content-Length": String(data.length),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
