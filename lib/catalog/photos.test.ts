import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listenForCacheChanges, type CacheTag } from "@/lib/cache/changes";
import type { Connection, Database } from "@/lib/db";
import { photoFiles, productHistory } from "@/lib/db/schema";
import { processUpload } from "@/lib/photos/process";
import { anyColour, MAX_PHOTOS_PER_PRODUCT, photoMessages } from "@/lib/photos/rules";
import { withTestConnection } from "@/lib/testing/db";
import { createProduct } from "@/lib/testing/fixtures";
import { makePhoto, svgAsPng } from "@/lib/testing/images";
import { addProductPhoto, changeProductPhoto, listPhotoColours, listProductPhotos } from "./photos";
import { findProduct, listProducts } from "./queries";

let db: Database;
let connection: Connection;
withTestConnection((opened) => {
  connection = opened;
  db = opened.db;
});

const actor = { id: null, label: "staff@kijanithreads.test" };

const image = (width = 400) => makePhoto("png", width, width);

async function keyOf(upload: Buffer): Promise<string> {
  const result = await processUpload(upload);
  if (!result.ok) throw new Error(result.error);
  return result.image.key;
}

async function historyOf(productId: number) {
  const rows = await db.select().from(productHistory).where(eq(productHistory.productId, productId)).orderBy(productHistory.id);
  return rows.map((row) => `${row.actorLabel}: ${row.change}`);
}

async function productWithPhotos(...alts: string[]) {
  const { product } = await createProduct(db, [{ stock: 1 }]);
  const uploads: Buffer[] = [];
  for (const alt of alts) {
    uploads.push(await image());
    const added = await addProductPhoto(db, { productId: product.id, upload: uploads.at(-1)!, alt, actor });
    if (!added.ok) throw new Error(added.error);
  }
  const photos = await listProductPhotos(db, product.id);
  return { productId: product.id, uploads, ids: Object.fromEntries(photos.map((photo) => [photo.alt, photo.id])) };
}

const altsOf = async (productId: number) => (await listProductPhotos(db, productId)).map((photo) => photo.alt);

describe(`product photos (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("adds photos in order with trimmed alt text, stores the renditions once and records each", async () => {
    const { product } = await createProduct(db, [{ stock: 1 }]);
    const photo = await image(700);
    const key = await keyOf(photo);
    const first = await addProductPhoto(db, { productId: product.id, upload: photo, alt: "  Front view  ", actor });
    expect(first.ok && first.photo).toMatchObject({ alt: "Front view", imageKey: key, width: 700, height: 700 });
    expect((await addProductPhoto(db, { productId: product.id, upload: photo, alt: "Again", actor })).ok).toBe(true);
    const files = await db.select().from(photoFiles).where(eq(photoFiles.imageKey, key));
    expect(files.map((file) => file.width).sort((a, b) => a - b)).toEqual([320, 640]);
    expect(await altsOf(product.id)).toEqual(["Front view", "Again"]);
    expect(await historyOf(product.id)).toEqual([
      `${actor.label}: Photo added: Front view`,
      `${actor.label}: Photo added: Again`,
    ]);
  });

  it("requires a photo, alt text of a sensible length and a product that exists, storing nothing otherwise", async () => {
    const { product } = await createProduct(db, [{ stock: 1 }]);
    const photo = await image(350);
    expect(await addProductPhoto(db, { productId: product.id, upload: svgAsPng, alt: "Front", actor })).toEqual({
      ok: false,
      field: "photo",
      error: photoMessages.unsupportedType,
    });
    expect(await addProductPhoto(db, { productId: product.id, upload: photo, alt: "   ", actor })).toEqual({
      ok: false,
      field: "alt",
      error: photoMessages.altRequired,
    });
    expect(await addProductPhoto(db, { productId: product.id, upload: photo, alt: "x".repeat(201), actor })).toEqual({
      ok: false,
      field: "alt",
      error: photoMessages.altTooLong,
    });
    expect(await addProductPhoto(db, { productId: 999_999, upload: photo, alt: "Front", actor })).toEqual({
      ok: false,
      field: "product",
      error: photoMessages.unknownProduct,
    });
    expect(
      await db
        .select()
        .from(photoFiles)
        .where(eq(photoFiles.imageKey, await keyOf(photo))),
    ).toEqual([]);
    expect(await listProductPhotos(db, product.id)).toEqual([]);
    expect(await historyOf(product.id)).toEqual([]);
  });

  it(`allows at most ${MAX_PHOTOS_PER_PRODUCT} photos, even when uploads race`, async () => {
    const { product } = await createProduct(db, [{ stock: 1 }]);
    const photo = await image(330);
    const results = await Promise.all(
      Array.from({ length: MAX_PHOTOS_PER_PRODUCT + 2 }, (_, index) =>
        addProductPhoto(db, { productId: product.id, upload: photo, alt: `View ${index}`, actor }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(MAX_PHOTOS_PER_PRODUCT);
    expect(results.filter((result) => !result.ok)).toEqual([
      { ok: false, field: "photo", error: photoMessages.tooManyPhotos },
      { ok: false, field: "photo", error: photoMessages.tooManyPhotos },
    ]);
    expect(await listProductPhotos(db, product.id)).toHaveLength(MAX_PHOTOS_PER_PRODUCT);
  });

  it("moves a photo earlier and later, never past either end, and sets the main one", async () => {
    const { productId, ids } = await productWithPhotos("A", "B", "C");
    await changeProductPhoto(db, { photoId: ids.C, change: { kind: "earlier" }, actor });
    expect(await altsOf(productId)).toEqual(["A", "C", "B"]);
    await changeProductPhoto(db, { photoId: ids.A, change: { kind: "earlier" }, actor });
    await changeProductPhoto(db, { photoId: ids.B, change: { kind: "later" }, actor });
    expect(await altsOf(productId)).toEqual(["A", "C", "B"]);
    await changeProductPhoto(db, { photoId: ids.A, change: { kind: "later" }, actor });
    expect(await altsOf(productId)).toEqual(["C", "A", "B"]);
    const main = await changeProductPhoto(db, { photoId: ids.B, change: { kind: "main" }, actor });
    expect(main).toEqual({ ok: true, message: "Main photo set: B" });
    expect(await altsOf(productId)).toEqual(["B", "C", "A"]);
    expect((await historyOf(productId)).slice(3)).toEqual([
      `${actor.label}: Photo moved earlier: C`,
      `${actor.label}: Photo moved earlier: A`,
      `${actor.label}: Photo moved later: B`,
      `${actor.label}: Photo moved later: A`,
      `${actor.label}: Main photo set: B`,
    ]);
  });

  it("edits alt text, refusing an empty one", async () => {
    const { productId, ids } = await productWithPhotos("Front", "Back");
    expect(await changeProductPhoto(db, { photoId: ids.Back, change: { kind: "alt", alt: " " }, actor })).toEqual({
      ok: false,
      error: photoMessages.altRequired,
    });
    await changeProductPhoto(db, { photoId: ids.Back, change: { kind: "alt", alt: " Back, hood up " }, actor });
    expect(await altsOf(productId)).toEqual(["Front", "Back, hood up"]);
    expect((await historyOf(productId)).at(-1)).toBe(`${actor.label}: Photo description changed: Back → Back, hood up`);
  });

  it("removes a photo, and its files once no photo shows them", async () => {
    const { productId, ids, uploads } = await productWithPhotos("Front", "Back");
    const [front] = await listProductPhotos(db, productId);
    const other = await productWithPhotos();
    const [upload] = uploads;
    const shared = await addProductPhoto(db, { productId: other.productId, upload, alt: "Shared", actor });
    expect(shared.ok && shared.photo.imageKey).toBe(front.imageKey);
    await changeProductPhoto(db, { photoId: ids.Front, change: { kind: "remove" }, actor });
    expect(await altsOf(productId)).toEqual(["Back"]);
    expect(await db.select().from(photoFiles).where(eq(photoFiles.imageKey, front.imageKey))).not.toEqual([]);
    const back = (await listProductPhotos(db, productId))[0];
    await changeProductPhoto(db, { photoId: ids.Back, change: { kind: "remove" }, actor });
    expect(await db.select().from(photoFiles).where(eq(photoFiles.imageKey, back.imageKey))).toEqual([]);
    expect((await historyOf(productId)).slice(-2)).toEqual([
      `${actor.label}: Photo removed: Front`,
      `${actor.label}: Photo removed: Back`,
    ]);
    expect(await changeProductPhoto(db, { photoId: ids.Back, change: { kind: "main" }, actor })).toEqual({
      ok: false,
      error: photoMessages.unknownPhoto,
    });
  });

  it("names a photo's colour from the product's own, or any colour, refusing another", async () => {
    const { productId, ids } = await productWithPhotos("Front", "Back");
    expect(await listPhotoColours(db, productId)).toEqual(["Black"]);
    const setColour = (colour: unknown) =>
      changeProductPhoto(db, { photoId: ids.Back, change: { kind: "colour", colour }, actor });
    for (const refused of ["Navy", "black", null, 7]) {
      expect(await setColour(refused)).toEqual({ ok: false, error: photoMessages.unknownColour });
    }
    expect((await setColour("Black")).ok).toBe(true);
    expect((await listProductPhotos(db, productId)).map((photo) => [photo.alt, photo.colour])).toEqual([
      ["Front", null],
      ["Back", "Black"],
    ]);
    expect((await historyOf(productId)).at(-1)).toBe(`${actor.label}: Photo colour set: Back → Black`);
    const product = (await findProduct(db, (await listProducts(db, "hoodies")).find((card) => card.id === productId)!.slug))!;
    expect(product.images.map((image) => image.colour)).toEqual([undefined, "Black"]);

    expect((await setColour(anyColour.value)).ok).toBe(true);
    expect((await listProductPhotos(db, productId)).map((photo) => photo.colour)).toEqual([null, null]);
    expect((await historyOf(productId)).at(-1)).toBe(`${actor.label}: Photo colour set: Back → ${anyColour.label}`);
  });

  it("shows shoppers the photos in order, the main one on cards, with srcset; drawings without photos", async () => {
    const { productId, ids } = await productWithPhotos("Front", "Back");
    await changeProductPhoto(db, { photoId: ids.Back, change: { kind: "main" }, actor });
    const [back, front] = await listProductPhotos(db, productId);
    const cards = await listProducts(db, "hoodies");
    const card = cards.find((product) => product.id === productId)!;
    expect(card.image).toMatchObject({
      src: `/media/${back.imageKey}-320.webp`,
      srcSet: `/media/${back.imageKey}-320.webp 320w`,
    });
    const product = (await findProduct(db, card.slug))!;
    expect(product.images.map((image) => [image.alt, image.src])).toEqual([
      ["Back", `/media/${back.imageKey}-320.webp`],
      ["Front", `/media/${front.imageKey}-320.webp`],
    ]);
    const drawn = cards.find((other) => other.id !== productId)!;
    expect(drawn.image).toEqual({ src: expect.stringMatching(/^\/images\/products\/.+\.svg$/), width: 368, height: 368 });
    expect((await findProduct(db, drawn.slug))!.images.every((image) => image.srcSet === undefined)).toBe(true);
  });

  it("announces a catalog change for each photo change, and none for a refused one", async () => {
    const { productId, ids, uploads } = await productWithPhotos("Front");
    const heard: CacheTag[][] = [];
    const stop = listenForCacheChanges(connection, async (tags) => void heard.push(tags));
    try {
      await new Promise((resolve) => setTimeout(resolve, 300)); // The server-side LISTEN is in place.
      expect((await addProductPhoto(db, { productId, upload: uploads[0], alt: " ", actor })).ok).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard).toEqual([]);
      expect((await addProductPhoto(db, { productId, upload: uploads[0], alt: "Again", actor })).ok).toBe(true);
      expect((await changeProductPhoto(db, { photoId: ids.Front, change: { kind: "later" }, actor })).ok).toBe(true);
      await expect.poll(() => heard, { timeout: 5000 }).toEqual([["catalog"], ["catalog"]]);
    } finally {
      await stop();
    }
  });
});
