import * as z from "zod/mini";
import { controlCharacterMessage, hasControlCharacter } from "@/lib/core/control-characters";
import { parseRenditionUrl } from "@/lib/photos/urls";

/**
 * The home page's promotion: the promo banner and the carousel's slides. Stored as checked JSON
 * (lib/db/schema/marketing.ts); products are named by slug, as their pages' addresses are.
 */
export type Promotion = {
  banner: { heading: string; blurb: string; buttonLabel: string; productSlug: string };
  slides: PromotionSlide[];
};

/** A slide: a product image or an uploaded one (a path on the shop's origin), its alt text and where it links. */
export type PromotionSlide = { src: string; alt: string; href: string };

export const promotionLimits = { heading: 80, blurb: 140, buttonLabel: 30, alt: 150, minSlides: 1, maxSlides: 6 } as const;

export const defaultButtonLabel = "Buy Now";

/** The promotion the home page shows until marketing publishes one; also the editor's starting draft. */
export const defaultPromotion: Promotion = {
  banner: {
    heading: "The Glow-in-the-Dark Hoodie",
    blurb: "Organic cotton by day, a glowing Nairobi skyline by night.",
    buttonLabel: defaultButtonLabel,
    productSlug: "glow-in-the-dark-hoodie",
  },
  slides: [
    {
      src: "/images/carousel/glow-hoodie.svg",
      alt: "Black hoodie with a Nairobi skyline print glowing green in the dark",
      href: "/products/glow-in-the-dark-hoodie",
    },
    {
      src: "/images/carousel/leaf-tee.svg",
      alt: "White organic-cotton t-shirt with a green leaf print",
      href: "/categories/tshirts",
    },
    { src: "/images/carousel/sunrise-hoodie.svg", alt: "Terracotta hoodie with a sunrise print", href: "/categories/hoodies" },
    { src: "/images/carousel/savannah-tee.svg", alt: "Blue t-shirt with an acacia tree at sunset", href: "/categories/tshirts" },
  ],
};

/** The page a banner's button opens. */
export const bannerHref = (promotion: Promotion) => `/products/${promotion.banner.productSlug}`;

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
// Images the shop serves itself: drawn illustrations under public/images, and uploaded renditions.
const drawingPattern = /^\/images\/[a-z0-9_-]+(?:\/[a-z0-9_-]+)*\.(?:svg|png|jpe?g|webp)$/;
const isShopImage = (src: string) => drawingPattern.test(src) || parseRenditionUrl(src) !== null;

const oneLine = (max: number, message: string) =>
  z.pipe(
    z.pipe(
      z.string(),
      z.transform((value) => value.replace(/\s+/g, " ").trim()),
    ),
    z.string().check(
      z.minLength(1, message),
      z.maxLength(max, `At most ${max} characters.`),
      z.refine((text) => !hasControlCharacter(text), controlCharacterMessage),
    ),
  );

export const slideLinkSchema = z.string().check(
  z.refine((href) => {
    const [, kind, slug, ...rest] = href.split("/");
    if (rest.length > 0) return false;
    return (kind === "products" || kind === "categories") && slugPattern.test(slug ?? "");
  }, "Choose a product or a category."),
);

/** A slide's alt text, checked as the editor checks it. */
export const slideAltSchema = oneLine(promotionLimits.alt, "Describe the image for people who cannot see it.");

/** A promotion as stored and as the editor sends it, always checked. */
export const promotionSchema = z.object({
  banner: z.object({
    heading: oneLine(promotionLimits.heading, "Enter a heading."),
    blurb: oneLine(promotionLimits.blurb, "Enter a one-line blurb."),
    buttonLabel: z.pipe(
      z.pipe(
        z.string(),
        z.transform((value) => value.replace(/\s+/g, " ").trim() || defaultButtonLabel),
      ),
      z.string().check(
        z.maxLength(promotionLimits.buttonLabel, `At most ${promotionLimits.buttonLabel} characters.`),
        z.refine((text) => !hasControlCharacter(text), controlCharacterMessage),
      ),
    ),
    productSlug: z.string().check(z.regex(slugPattern, "Choose the product the button opens.")),
  }),
  slides: z
    .array(
      z.object({
        src: z.string().check(z.refine(isShopImage, "Choose an image.")),
        alt: slideAltSchema,
        href: slideLinkSchema,
      }),
    )
    .check(
      z.minLength(promotionLimits.minSlides, "Add at least one slide."),
      z.maxLength(promotionLimits.maxSlides, `At most ${promotionLimits.maxSlides} slides.`),
    ),
}) satisfies z.ZodMiniType<Promotion, unknown>;

/** The editor's form fields as a promotion: slides in the order of their 'Position' field, empty slots left out. */
export function promotionFromForm(get: (name: string) => unknown): z.core.util.SafeParseResult<Promotion> {
  const text = (name: string) => {
    const value = get(name);
    return typeof value === "string" ? value.slice(0, 500) : "";
  };
  const slides = Array.from({ length: promotionLimits.maxSlides }, (_, index) => ({
    position: Number(text(`slide${index}.position`)) || index + 1,
    index,
    slide: { src: text(`slide${index}.src`), alt: text(`slide${index}.alt`), href: text(`slide${index}.href`) },
  }))
    .filter(({ slide }) => slide.src !== "")
    .sort((a, b) => a.position - b.position || a.index - b.index)
    .map(({ slide }) => slide);
  return promotionSchema.safeParse({
    banner: {
      heading: text("heading"),
      blurb: text("blurb"),
      buttonLabel: text("buttonLabel"),
      productSlug: text("productSlug"),
    },
    slides,
  });
}

/** The page that shows the draft alone, framed by the editor's preview (the only page that may be framed). */
export const promotionPreviewPath = "/admin/promotions/preview";

/** The width of an uploaded image's rendition a slide shows: about the carousel's width, never upscaled. */
export const slideRenditionWidth = (widths: number[]) => (widths.includes(640) ? 640 : Math.max(...widths));
