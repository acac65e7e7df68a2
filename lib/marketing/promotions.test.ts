import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addProductPhoto, changeProductPhoto, listProductPhotos } from "@/lib/catalog/photos";
import type { Database } from "@/lib/db";
import { photoFiles } from "@/lib/db/schema";
import { renditionUrl } from "@/lib/photos/urls";
import { createProduct } from "@/lib/testing/fixtures";
import { makePhoto } from "@/lib/testing/images";
import { withTestDb } from "@/lib/testing/db";
import { defaultPromotion, promotionFromForm, type Promotion } from "./promotion-rules";
import sharp from "sharp";
import { processUpload } from "@/lib/photos/process";
import { addUploadedSlide, publishDraft, findPromotion, saveDraft } from "./promotions";

let db: Database;
withTestDb((opened) => (db = opened));

const actor = { id: null, label: "test" };

function formOf(promotion: Promotion, positions: number[] = []): Record<string, string> {
  const fields: Record<string, string> = { ...promotion.banner };
  promotion.slides.forEach((slide, index) => {
    fields[`slide${index}.position`] = String(positions[index] ?? index + 1);
    fields[`slide${index}.src`] = slide.src;
    fields[`slide${index}.alt`] = slide.alt;
    fields[`slide${index}.href`] = slide.href;
  });
  return fields;
}

describe("the promotion editor's fields", () => {
  it("order slides by position, leave out empty slots and default the button label", () => {
    const fields: Record<string, string> = { ...formOf(defaultPromotion, [4, 1, 3, 2]), buttonLabel: "  ", "slide5.src": "" };
    const parsed = promotionFromForm((name) => fields[name]);
    expect(parsed.success && parsed.data.banner.buttonLabel).toBe("Buy Now");
    expect(parsed.success && parsed.data.slides.map((slide) => slide.src)).toEqual(
      [1, 3, 2, 0].map((index) => defaultPromotion.slides[index].src),
    );
  });

  it("refuse a slide without alt text, foreign images and links, and no slides at all", () => {
    const bad = (change: Record<string, string>) =>
      promotionFromForm((name) => ({ ...formOf(defaultPromotion), ...change })[name]).success;
    expect(bad({ "slide0.alt": "  " })).toBe(false);
    expect(bad({ "slide0.src": "https://evil.example/x.png" })).toBe(false);
    expect(bad({ "slide0.src": "/images/../secrets.svg" })).toBe(false);
    expect(bad({ "slide0.href": "javascript:alert(1)" })).toBe(false);
    expect(bad({ "slide0.href": "/categories/Shoes!" })).toBe(false);
    expect(bad({ "slide0.src": "", "slide1.src": "", "slide2.src": "", "slide3.src": "" })).toBe(false);
    expect(bad({})).toBe(true);
  });
});

describe(`draft and published promotions (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("keeps a draft apart from the published promotion until it is published", async () => {
    expect(await findPromotion(db, "published")).toBeNull();
    expect(await publishDraft(db, actor)).toBe(false);
    const draft = { ...defaultPromotion, banner: { ...defaultPromotion.banner, heading: "New heading" } };
    expect(await saveDraft(db, draft, actor)).toEqual({ ok: true });
    expect(await findPromotion(db, "published")).toBeNull();
    expect(await publishDraft(db, actor)).toBe(true);
    expect(await findPromotion(db, "published")).toEqual(draft);
  });

  it("refuses a draft naming a product the shop does not have", async () => {
    const draft = { ...defaultPromotion, banner: { ...defaultPromotion.banner, productSlug: "no-such-product" } };
    expect(await saveDraft(db, draft, actor)).toEqual({ ok: false, error: "No product at /products/no-such-product." });
  });
});

describe(`uploaded slides (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("adds an uploaded image as the draft's last slide, up to six", async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#14532d" } })
      .png()
      .toBuffer();
    const processed = await processUpload(new Uint8Array(png));
    if (!processed.ok) throw new Error(processed.error);
    await saveDraft(db, { ...defaultPromotion, slides: defaultPromotion.slides.slice(0, 4) }, actor);
    const slide = { image: processed.image, alt: "A green square", href: "/categories/hoodies" };
    expect(await addUploadedSlide(db, slide, actor)).toEqual({ ok: true });
    const draft = await findPromotion(db, "draft");
    expect(draft?.slides).toHaveLength(5);
    expect(draft?.slides[4]).toEqual({
      src: `/media/${processed.image.key}-640.webp`,
      alt: "A green square",
      href: "/categories/hoodies",
    });
    expect(await addUploadedSlide(db, slide, actor)).toEqual({ ok: true });
    expect(await addUploadedSlide(db, slide, actor)).toMatchObject({ ok: false });
    expect((await findPromotion(db, "draft"))?.slides).toHaveLength(6);
  });
});

describe(`photos on slides (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("keeps a removed product photo's files while a draft or published slide shows it, and deletes them once both drop it", async () => {
    const { product } = await createProduct(db, [{ stock: 1 }]);
    const added = await addProductPhoto(db, {
      productId: product.id,
      upload: await makePhoto("png", 700, 700),
      alt: "Front",
      actor,
    });
    if (!added.ok) throw new Error(added.error);
    const { imageKey, id: photoId } = (await listProductPhotos(db, product.id))[0];
    const files = () => db.select({ width: photoFiles.width }).from(photoFiles).where(eq(photoFiles.imageKey, imageKey));
    const [{ width }] = await files();
    const slide = { src: renditionUrl(imageKey, width), alt: "Front of the hoodie", href: "/categories/hoodies" };
    const withSlide = { ...defaultPromotion, slides: [...defaultPromotion.slides.slice(0, 2), slide] };
    const withoutSlide = { ...defaultPromotion, slides: defaultPromotion.slides.slice(0, 2) };
    expect(await saveDraft(db, withSlide, actor)).toEqual({ ok: true });
    expect(await publishDraft(db, actor)).toBe(true);

    await changeProductPhoto(db, { photoId, change: { kind: "remove" }, actor });
    expect(await files()).not.toEqual([]);
    // The draft drops it; the published promotion still shows it.
    expect(await saveDraft(db, withoutSlide, actor)).toEqual({ ok: true });
    expect(await files()).not.toEqual([]);
    // Published without it: nothing shows it any more.
    expect(await publishDraft(db, actor)).toBe(true);
    expect(await files()).toEqual([]);
  });
});
