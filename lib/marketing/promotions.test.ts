import { describe, expect, it } from "vitest";
import type { Database } from "@/lib/db";
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
    expect(bad({ "slide0.href": "/categories/shoes" })).toBe(false);
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
