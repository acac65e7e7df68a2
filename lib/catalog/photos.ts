import "server-only";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { announceCacheChange, cacheTags } from "@/lib/cache/changes";
import type { Database } from "@/lib/db";
import { productHistory, productPhotos, products, variants } from "@/lib/db/schema";
import { processUpload } from "@/lib/photos/process";
import { anyColour, MAX_PHOTOS_PER_PRODUCT, parseAlt, photoMessages } from "@/lib/photos/rules";
import { deleteUnusedFiles, storeImage } from "@/lib/photos/store";

/**
 * A product's uploaded photo as pages show it; the first of a product's photos is its main one.
 * `colour`: the variants' colour it shows (the product page shows it while that colour is chosen), or null for any.
 */
export type ProductPhoto = { id: number; alt: string; imageKey: string; width: number; height: number; colour: string | null };

export type AddPhotoResult = { ok: true; photo: ProductPhoto } | { ok: false; field: "photo" | "alt" | "product"; error: string };

/** How staff change a photo: move it, make it the main one, describe it again, name its colour, or remove it. */
export type PhotoChange =
  { kind: "earlier" | "later" | "main" | "remove" } | { kind: "alt"; alt: unknown } | { kind: "colour"; colour: unknown };

/** The buttons beside a photo, by the value they post as `intent`. */
export const photoIntents = ["alt", "colour", "earlier", "later", "main", "remove"] as const;

/** A posted intent with the photo's fields as a change, or null for an unknown intent. */
export function parsePhotoChange(intent: unknown, fields: { alt: unknown; colour: unknown }): PhotoChange | null {
  if (intent === "alt") return { kind: "alt", alt: fields.alt };
  if (intent === "colour") return { kind: "colour", colour: fields.colour };
  return photoIntents.includes(intent as never) ? { kind: intent as "earlier" | "later" | "main" | "remove" } : null;
}

/** The colours a product's photos can show: its variants' own, in the alphabet's order. */
export async function listPhotoColours(db: Database, productId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ colour: variants.colour })
    .from(variants)
    .where(and(eq(variants.productId, productId), isNotNull(variants.colour)))
    .orderBy(asc(variants.colour));
  return rows.map((row) => row.colour!);
}

export type PhotoChangeResult = { ok: true; message: string } | { ok: false; error: string };

const photoColumns = {
  id: productPhotos.id,
  alt: productPhotos.alt,
  imageKey: productPhotos.imageKey,
  width: productPhotos.width,
  height: productPhotos.height,
  colour: productPhotos.colour,
};

/** A product's photos in the order staff chose, the main one first. */
export async function listProductPhotos(db: Database, productId: number): Promise<ProductPhoto[]> {
  return db
    .select(photoColumns)
    .from(productPhotos)
    .where(eq(productPhotos.productId, productId))
    .orderBy(asc(productPhotos.position), asc(productPhotos.id));
}

/**
 * Checks an uploaded file (processUpload) and adds it as the product's last photo, with its alt
 * text, in one transaction that records it in the product's history and announces the catalog
 * change. At most MAX_PHOTOS_PER_PRODUCT: the product row is locked, so two uploads at once cannot
 * both be the ninth. Anything refused stores nothing.
 */
export async function addProductPhoto(
  db: Database,
  input: { productId: number; upload: Uint8Array; alt: unknown; actor: Actor },
): Promise<AddPhotoResult> {
  const alt = parseAlt(input.alt);
  if (!alt.ok) return { ok: false, field: "alt", error: alt.error };
  const processed = await processUpload(input.upload);
  if (!processed.ok) return { ok: false, field: "photo", error: processed.error };
  const { productId, actor } = input;
  const { image } = processed;
  return db.transaction(async (tx) => {
    if (!(await touchProduct(tx, productId))) return { ok: false, field: "product", error: photoMessages.unknownProduct };
    const existing = await listProductPhotos(tx, productId);
    if (existing.length >= MAX_PHOTOS_PER_PRODUCT) return { ok: false, field: "photo", error: photoMessages.tooManyPhotos };
    await storeImage(tx, image);
    const [photo] = await tx
      .insert(productPhotos)
      .values({
        productId,
        position: existing.length,
        alt: alt.alt,
        imageKey: image.key,
        width: image.width,
        height: image.height,
      })
      .returning(photoColumns);
    await record(tx, productId, actor, `Photo added: ${alt.alt}`);
    return { ok: true, photo };
  });
}

/**
 * Applies one change to a photo in one transaction: positions are renumbered from 0 in the new
 * order, the change is recorded in the product's history and the catalog change announced.
 */
export async function changeProductPhoto(
  db: Database,
  input: { photoId: number; change: PhotoChange; actor: Actor },
): Promise<PhotoChangeResult> {
  const { photoId, change, actor } = input;
  const alt = change.kind === "alt" ? parseAlt(change.alt) : null;
  if (alt && !alt.ok) return { ok: false, error: alt.error };
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ productId: productPhotos.productId })
      .from(productPhotos)
      .where(eq(productPhotos.id, photoId));
    if (!target || !(await touchProduct(tx, target.productId))) return { ok: false, error: photoMessages.unknownPhoto };
    const photos = await listProductPhotos(tx, target.productId);
    const index = photos.findIndex((photo) => photo.id === photoId);
    if (index < 0) return { ok: false, error: photoMessages.unknownPhoto };
    const photo = photos[index];
    const order = photos.filter((other) => other.id !== photoId);
    let summary: string;
    switch (change.kind) {
      case "earlier":
      case "later": {
        const to = Math.min(Math.max(index + (change.kind === "earlier" ? -1 : 1), 0), order.length);
        order.splice(to, 0, photo);
        summary = `Photo moved ${change.kind}: ${photo.alt}`;
        break;
      }
      case "main":
        order.unshift(photo);
        summary = `Main photo set: ${photo.alt}`;
        break;
      case "remove":
        await tx.delete(productPhotos).where(eq(productPhotos.id, photoId));
        await deleteUnusedFiles(tx, photo.imageKey);
        summary = `Photo removed: ${photo.alt}`;
        break;
      case "colour": {
        const colour = await chosenColour(tx, target.productId, change.colour);
        if (colour === undefined) return { ok: false, error: photoMessages.unknownColour };
        order.splice(index, 0, photo);
        await tx.update(productPhotos).set({ colour }).where(eq(productPhotos.id, photoId));
        summary = `Photo colour set: ${photo.alt} → ${colour ?? anyColour.label}`;
        break;
      }
      case "alt": {
        const described = alt?.ok ? alt.alt : photo.alt;
        order.splice(index, 0, photo);
        await tx.update(productPhotos).set({ alt: described }).where(eq(productPhotos.id, photoId));
        summary = `Photo description changed: ${photo.alt} → ${described}`;
        break;
      }
    }
    for (const [position, { id }] of order.entries()) {
      await tx.update(productPhotos).set({ position }).where(eq(productPhotos.id, id));
    }
    await record(tx, target.productId, actor, summary);
    return { ok: true, message: summary };
  });
}

/** A posted colour: one of the product's (listPhotoColours), null for any colour, undefined for anything else. */
async function chosenColour(tx: Database, productId: number, posted: unknown): Promise<string | null | undefined> {
  if (posted === anyColour.value) return null;
  const colours = await listPhotoColours(tx, productId);
  return colours.find((colour) => colour === posted);
}

/** Locks the product (serialising its photo changes) and marks it changed, for the sitemap; false when it is gone. */
async function touchProduct(tx: Database, productId: number): Promise<boolean> {
  const rows = await tx
    .update(products)
    .set({ updatedAt: new Date() })
    .where(eq(products.id, productId))
    .returning({ id: products.id });
  return rows.length > 0;
}

async function record(tx: Database, productId: number, actor: Actor, change: string): Promise<void> {
  await tx.insert(productHistory).values({ productId, actorId: actor.id, actorLabel: actor.label, change });
  await announceCacheChange(tx, cacheTags.catalog);
}
