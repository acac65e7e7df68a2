/**
 * The rules for product photos, shared by the upload form (browser) and the server: one source
 * of truth for sizes, types, widths and every message.
 */

// Relative: next.config.ts loads this file, and its loader knows no "@/" paths.
import { controlCharacterMessage, hasControlCharacter } from "../core/control-characters";

/**
 * The largest file staff may upload, in megabytes. Vercel answers a function's request body over
 * 4.5 MB with its own error before the shop's code runs, so there the cap leaves room for the form.
 */
export const photoCapMegabytes = { node: 10, vercel: 4 } as const;

/** This build's cap: next.config.ts fixes VERCEL into every bundle, so the browser checks the same. */
export const MAX_PHOTO_MEGABYTES = photoCapMegabytes[process.env.VERCEL ? "vercel" : "node"];
export const MAX_PHOTO_BYTES = MAX_PHOTO_MEGABYTES * 1024 * 1024;

/**
 * The largest upload request: one photo plus the multipart envelope (boundaries, part headers, the
 * alt text). next.config.ts lets Next's proxy buffer this much, so a photo at the cap arrives whole.
 */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_PHOTO_BYTES + 64 * 1024;

/** Photos per product. */
export const MAX_PHOTOS_PER_PRODUCT = 8;

/** Alt text: required, at most this many characters. */
export const MAX_ALT_LENGTH = 200;

/**
 * Beyond this many pixels an image is refused before it is decoded: a few kilobytes of PNG can
 * declare a gigapixel canvas (a decompression bomb). 40 MP covers any phone photo.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/** The WebP renditions' widths, smallest first; an image gets only those it can fill. */
export const RENDITION_WIDTHS = [320, 640, 1200] as const;

/** What the file input accepts; the server decides from the bytes all the same. */
export const ACCEPTED_PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

export const photoMessages = {
  missingFile: "Choose a photo to upload.",
  tooLarge: `The photo is larger than ${MAX_PHOTO_MEGABYTES} MB. Export a smaller one and try again.`,
  unsupportedType: "This file is not a JPEG, PNG or WebP photo.",
  corrupt: "This photo could not be read: the file is damaged or incomplete.",
  tooManyPixels: "This photo has too many pixels (over 40 megapixels). Export a smaller one and try again.",
  altRequired: "Describe the photo for people who cannot see it.",
  altTooLong: `Keep the description under ${MAX_ALT_LENGTH} characters.`,
  tooManyPhotos: `A product can have at most ${MAX_PHOTOS_PER_PRODUCT} photos. Remove one first.`,
  unknownProduct: "This product no longer exists.",
  unknownPhoto: "This photo was removed meanwhile. Reload the page.",
  unknownColour: "Choose one of the product's colours, or any colour.",
  added: "Photo added.",
  uploadFailed: "The photo could not be sent. Check your connection and try again.",
} as const;

/** A photo's colour choice that stands for any colour (the photo shows whichever is chosen). */
export const anyColour = { value: "", label: "Any colour" } as const;

/** Alt text as typed, trimmed and checked. */
export function parseAlt(value: unknown): { ok: true; alt: string } | { ok: false; error: string } {
  const alt = typeof value === "string" ? value.trim() : "";
  if (alt === "") return { ok: false, error: photoMessages.altRequired };
  if (alt.length > MAX_ALT_LENGTH) return { ok: false, error: photoMessages.altTooLong };
  if (hasControlCharacter(alt)) return { ok: false, error: controlCharacterMessage };
  return { ok: true, alt };
}
