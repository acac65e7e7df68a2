import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { announceCacheChange, cacheTags } from "@/lib/cache/changes";
import type { Database } from "@/lib/db";
import { productPhotos, products, promotions, type PromotionState } from "@/lib/db/schema";
import { listCategories } from "@/lib/catalog/category-queries";
import { shownCategories } from "@/lib/catalog/categories";
import type { ProcessedImage } from "@/lib/photos/process";
import { deleteUnusedFiles, storeImage } from "@/lib/photos/store";
import { parseRenditionUrl, renditionUrl, renditionWidths } from "@/lib/photos/urls";
import { defaultPromotion, promotionLimits, promotionSchema, slideRenditionWidth, type Promotion } from "./promotion-rules";

/** The draft or the published promotion, or null while there is none (or it no longer passes the checks). */
export async function findPromotion(db: Database, state: PromotionState): Promise<Promotion | null> {
  const [row] = await db.select({ content: promotions.content }).from(promotions).where(eq(promotions.state, state));
  const parsed = promotionSchema.safeParse(row?.content);
  return parsed.success ? parsed.data : null;
}

export type SaveDraftResult = { ok: true } | { ok: false; error: string };

/** Stores the draft, once every product it names is in the shop; the home page is unchanged until it is published. */
export async function saveDraft(db: Database, promotion: Promotion, actor: Actor): Promise<SaveDraftResult> {
  const slugs = [
    promotion.banner.productSlug,
    ...promotion.slides.flatMap((slide) => (slide.href.startsWith("/products/") ? [slide.href.slice("/products/".length)] : [])),
  ];
  const found = await db
    .select({ slug: products.slug })
    .from(products)
    .where(inArray(products.slug, [...new Set(slugs)]));
  const missing = slugs.filter((slug) => !found.some((row) => row.slug === slug));
  if (missing.length > 0) return { ok: false, error: `No product at ${missing.map((slug) => `/products/${slug}`).join(", ")}.` };
  await db.transaction((tx) => writePromotion(tx, "draft", promotion, actor));
  return { ok: true };
}

/**
 * Publishes the draft: the home page shows it from now on, on every instance (the change is
 * announced in the same transaction). False when there is no draft.
 */
export async function publishDraft(db: Database, actor: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const draft = await findPromotion(tx, "draft");
    if (!draft) return false;
    await writePromotion(tx, "published", draft, actor);
    await announceCacheChange(tx, cacheTags.promotions);
    return true;
  });
}

/** Replaces the draft or the published promotion, inside a transaction; images its slides drop go once nothing shows them. */
async function writePromotion(tx: Database, state: PromotionState, content: Promotion, actor: Actor) {
  const previous = await findPromotion(tx, state);
  const values = { content, updatedAt: new Date(), actorId: actor.id, actorLabel: actor.label };
  await tx
    .insert(promotions)
    .values({ state, ...values })
    .onConflictDoUpdate({ target: promotions.state, set: values });
  const kept = imageKeys(content);
  for (const key of imageKeys(previous)) if (!kept.has(key)) await deleteUnusedFiles(tx, key);
}

/** The uploaded images (by key) a promotion's slides show. */
function imageKeys(promotion: Promotion | null): Set<string> {
  return new Set(promotion?.slides.flatMap((slide) => parseRenditionUrl(slide.src)?.key ?? []));
}

type Choice = { value: string; label: string };

/** What the editor offers: the products in the shop, the images a slide may show, and the pages a slide may open. */
export async function promotionChoices(
  db: Database,
  draft: Promotion | null,
): Promise<{ products: Choice[]; images: Choice[]; links: Choice[] }> {
  const rows = await db
    .select({ slug: products.slug, name: products.name, images: products.images })
    .from(products)
    .where(eq(products.status, "published"))
    .orderBy(asc(products.name));
  const photos = await db
    .select({ name: products.name, alt: productPhotos.alt, key: productPhotos.imageKey, width: productPhotos.width })
    .from(productPhotos)
    .innerJoin(products, eq(products.id, productPhotos.productId))
    .where(eq(products.status, "published"))
    .orderBy(asc(products.name), asc(productPhotos.position));
  const images = [
    ...(draft?.slides ?? []).map((slide) => ({ value: slide.src, label: `In the draft: ${slide.alt}` })),
    ...defaultPromotion.slides.map((slide) => ({ value: slide.src, label: `Carousel: ${slide.alt}` })),
    ...photos.map((photo) => ({
      value: renditionUrl(photo.key, slideRenditionWidth(renditionWidths(photo.width))),
      label: `${photo.name}: ${photo.alt}`,
    })),
    ...rows.flatMap((row) => row.images.map((src, index) => ({ value: src, label: `${row.name} (photo ${index + 1})` }))),
  ];
  return {
    products: rows.map((row) => ({ value: row.slug, label: row.name })),
    images: [...new Map(images.map((image) => [image.value, image])).values()],
    links: [
      ...shownCategories(await listCategories(db)).map((category) => ({
        value: `/categories/${category.slug}`,
        label: `Category: ${category.name}`,
      })),
      ...rows.map((row) => ({ value: `/products/${row.slug}`, label: row.name })),
    ],
  };
}

export type AddSlideResult = { ok: true } | { ok: false; error: string };

/**
 * Adds an uploaded image as the draft's last slide (the draft starts from the published promotion,
 * or the default): its renditions are stored and the slide added in one transaction.
 */
export async function addUploadedSlide(
  db: Database,
  input: { image: ProcessedImage; alt: string; href: string },
  actor: Actor,
): Promise<AddSlideResult> {
  return db.transaction(async (tx) => {
    const draft = (await findPromotion(tx, "draft")) ?? (await findPromotion(tx, "published")) ?? defaultPromotion;
    if (draft.slides.length >= promotionLimits.maxSlides) {
      return { ok: false, error: `The carousel has ${promotionLimits.maxSlides} slides already: leave one out first.` };
    }
    await storeImage(tx, input.image);
    const width = slideRenditionWidth(input.image.renditions.map((rendition) => rendition.width));
    const slide = { src: renditionUrl(input.image.key, width), alt: input.alt, href: input.href };
    await writePromotion(tx, "draft", { ...draft, slides: [...draft.slides, slide] }, actor);
    return { ok: true };
  });
}
