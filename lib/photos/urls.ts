import { RENDITION_WIDTHS } from "./rules";

/** `<key>-<width>.webp`, the key being 32 lower-case hex digits of the content hash. */
const RENDITION_NAME = /^([0-9a-f]{32})-([1-9][0-9]{0,4})\.webp$/;

/** Where a rendition is served; the key is the content's hash, so the URL never changes meaning. */
export const renditionUrl = (key: string, width: number) => `${renditionPrefix(key)}${width}.webp`;

/** What every rendition URL of one image starts with. */
export const renditionPrefix = (key: string) => `${MEDIA_PATH}${key}-`;

const MEDIA_PATH = "/media/";

/** `<key>-<width>.jpg`: a rendition as JPEG, for the shopping feeds (Meta's catalog takes no WebP). */
const JPEG_NAME = /^([0-9a-f]{32})-([1-9][0-9]{0,4})\.jpg$/;

/** The JPEG copy of the largest rendition of an image `width` pixels wide. */
export const jpegRenditionUrl = (key: string, width: number) => `${renditionPrefix(key)}${renditionWidths(width).at(-1)}.jpg`;

/** A requested JPEG name (`<key>-<width>.jpg`) as key and width, or null when malformed. */
export function parseJpegName(name: string): { key: string; width: number } | null {
  const match = JPEG_NAME.exec(name);
  return match ? { key: match[1], width: Number(match[2]) } : null;
}

/** The `srcset` of an image whose renditions are `widths` wide. */
export const renditionSrcSet = (key: string, widths: readonly number[]) =>
  widths.map((width) => `${renditionUrl(key, width)} ${width}w`).join(", ");

/**
 * The widths an image `width` pixels wide is rendered at: every standard width it can fill, or
 * its own width when it is smaller than all of them (never upscaled).
 */
export function renditionWidths(width: number): number[] {
  const fitting = RENDITION_WIDTHS.filter((candidate) => candidate <= width);
  return fitting.length > 0 ? fitting : [width];
}

/** A rendition URL made by renditionUrl as key and width, or null for any other address (a drawing). */
export const parseRenditionUrl = (url: string) =>
  url.startsWith(MEDIA_PATH) ? parseRenditionName(url.slice(MEDIA_PATH.length)) : null;

/** A requested file name (`<key>-<width>.webp`) as key and width, or null when malformed. */
export function parseRenditionName(name: string): { key: string; width: number } | null {
  const match = RENDITION_NAME.exec(name);
  return match ? { key: match[1], width: Number(match[2]) } : null;
}
