import { renditionSrcSet, renditionUrl, renditionWidths } from "@/lib/photos/urls";

/**
 * A picture as the shop shows it: an uploaded photo with its WebP renditions (srcSet, so a phone
 * downloads a small one), or a seed product's drawing (one SVG). Pages add `sizes`.
 */
export type ShopImage = {
  src: string;
  srcSet?: string;
  width: number;
  height: number;
  alt?: string;
  /** The variants' colour an uploaded photo shows, when staff named one. */
  colour?: string;
};

/** The rendition browsers without srcset (and the share image) get: 640 px, or the nearest there is. */
const FALLBACK_WIDTH = 640;

/** An uploaded photo's picture. */
export function photoImage(photo: {
  imageKey: string;
  width: number;
  height: number;
  alt?: string;
  colour?: string | null;
}): ShopImage {
  const widths = renditionWidths(photo.width);
  const fallback = widths.find((width) => width >= FALLBACK_WIDTH) ?? widths[widths.length - 1];
  return {
    src: renditionUrl(photo.imageKey, fallback),
    srcSet: renditionSrcSet(photo.imageKey, widths),
    width: photo.width,
    height: photo.height,
    alt: photo.alt,
    ...(photo.colour ? { colour: photo.colour } : {}),
  };
}

/** A seed product's drawing (square SVGs under public/images/products). */
export const drawnImage = (src: string): ShopImage => ({ src, width: 368, height: 368 });

/** What a product with neither photos nor drawings shows until staff upload one: a plain garment outline. */
export const placeholderImage = drawnImage("/images/products/placeholder.svg");

/**
 * The picture of a card or cart line from the database's JSON: the main photo when the product
 * has one (`imageKey`, `width`, `height`), else its first drawing (`drawing`).
 */
export function shopImageFromRow(value: unknown): ShopImage {
  const row = (typeof value === "string" ? JSON.parse(value) : value) as
    { imageKey: string; width: number; height: number } | { drawing: string | null };
  if ("imageKey" in row) return photoImage(row);
  return row.drawing ? drawnImage(row.drawing) : placeholderImage;
}
