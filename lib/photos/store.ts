import { and, eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { photoFiles } from "@/lib/db/schema";
import type { ProcessedImage } from "./process";

/** Stores an image's renditions; the same content has the same key, so storing it again is a no-op. */
export async function storeImage(db: Database, image: ProcessedImage): Promise<void> {
  await db
    .insert(photoFiles)
    .values(image.renditions.map(({ width, height, data }) => ({ imageKey: image.key, width, height, data })))
    .onConflictDoNothing();
}

/** One rendition's WebP bytes, or null when there is no such image or width. */
export async function loadRendition(db: Database, key: string, width: number): Promise<Buffer | null> {
  const [row] = await db
    .select({ data: photoFiles.data })
    .from(photoFiles)
    .where(and(eq(photoFiles.imageKey, key), eq(photoFiles.width, width)));
  return row ? Buffer.from(row.data) : null;
}
