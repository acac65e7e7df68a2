import "server-only";
import { and, eq, like, notExists, sql } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "@/lib/db";
import { photoFiles, productPhotos, promotions } from "@/lib/db/schema";
import type { ProcessedImage } from "./process";
import { parseRenditionUrl, renditionPrefix } from "./urls";

/** Stores an image's renditions; the same content has the same key, so storing it again is a no-op. */
export async function storeImage(db: Database, image: ProcessedImage): Promise<void> {
  await db
    .insert(photoFiles)
    .values(image.renditions.map(({ width, height, data }) => ({ imageKey: image.key, width, height, data })))
    .onConflictDoNothing();
}

/**
 * Deletes an image's renditions once nothing shows it: no product photo, and no slide of the draft
 * or the published promotion (whose content names it by URL; keys are hex, so LIKE matches exactly).
 */
export async function deleteUnusedFiles(tx: Database, imageKey: string): Promise<void> {
  const onProduct = tx.select().from(productPhotos).where(eq(productPhotos.imageKey, imageKey));
  const onSlide = tx
    .select()
    .from(promotions)
    .where(like(sql`${promotions.content}::text`, `%${renditionPrefix(imageKey)}%`));
  await tx.delete(photoFiles).where(and(eq(photoFiles.imageKey, imageKey), notExists(onProduct), notExists(onSlide)));
}

/** One rendition's WebP bytes, or null when there is no such image or width. */
export async function findRendition(db: Database, key: string, width: number): Promise<Buffer | null> {
  const [row] = await db
    .select({ data: photoFiles.data })
    .from(photoFiles)
    .where(and(eq(photoFiles.imageKey, key), eq(photoFiles.width, width)));
  return row ? Buffer.from(row.data) : null;
}

/**
 * A rendition behind `url` as a JPEG data URL, for images drawn on the server (a product's share
 * image, whose renderer reads no WebP), or null when `url` is no stored rendition.
 */
export async function findRenditionDataUrl(db: Database, url: string): Promise<string | null> {
  const name = parseRenditionUrl(url);
  const data = name && (await findRendition(db, name.key, name.width));
  if (!data) return null;
  const jpeg = await sharp(data).jpeg({ quality: 80 }).toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString("base64")}`;
}
