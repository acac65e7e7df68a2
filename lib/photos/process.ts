import { createHash } from "node:crypto";
import sharp from "sharp";
import { MAX_INPUT_PIXELS, MAX_PHOTO_BYTES, photoMessages } from "./rules";
import { renditionWidths } from "./urls";

/** The types an upload may have, told apart by their first bytes. */
export type PhotoType = "jpeg" | "png" | "webp";

/** One WebP rendition of an upload. */
export type Rendition = { width: number; height: number; data: Buffer };

/** An upload made safe: oriented, stripped of metadata, rendered as WebP at each width it can fill. */
export type ProcessedImage = {
  /** The upload's content hash: the same file always gets the same key. */
  key: string;
  type: PhotoType;
  /** The oriented original's size. */
  width: number;
  height: number;
  /** Smallest first. */
  renditions: Rendition[];
};

export type ProcessUploadResult = { ok: true; image: ProcessedImage } | { ok: false; error: string };

/**
 * Checks and renders an uploaded photo. The type comes from the file's bytes (never its name or
 * Content-Type); a file over the cap (rules.ts), of another type, damaged, or declaring more pixels than
 * MAX_INPUT_PIXELS is refused with a message. Renditions carry no metadata (a phone's EXIF GPS).
 */
export async function processUpload(bytes: Uint8Array): Promise<ProcessUploadResult> {
  if (bytes.byteLength === 0) return { ok: false, error: photoMessages.missingFile };
  if (bytes.byteLength > MAX_PHOTO_BYTES) return { ok: false, error: photoMessages.tooLarge };
  const type = detectPhotoType(bytes);
  if (!type) return { ok: false, error: photoMessages.unsupportedType };
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const open = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated" });
  try {
    const metadata = await open().metadata();
    // The bytes' signature and the decoder must agree: a PNG header on something else is refused.
    if (metadata.format !== type) return { ok: false, error: photoMessages.unsupportedType };
    if (!metadata.width || !metadata.height) return { ok: false, error: photoMessages.corrupt };
    if (metadata.width * metadata.height > MAX_INPUT_PIXELS) return { ok: false, error: photoMessages.tooManyPixels };
    // Decoded once, oriented by its EXIF tag; sharp writes no metadata unless asked to.
    const { data, info } = await open().autoOrient().raw().toBuffer({ resolveWithObject: true });
    const oriented = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const renditions = await Promise.all(
      renditionWidths(info.width).map(async (width) => {
        const output = await sharp(data, oriented)
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
        return { width: output.info.width, height: output.info.height, data: output.data };
      }),
    );
    return {
      ok: true,
      image: { key: contentKey(input), type, width: info.width, height: info.height, renditions },
    };
  } catch (error) {
    return { ok: false, error: isPixelLimit(error) ? photoMessages.tooManyPixels : photoMessages.corrupt };
  }
}

/** JPEG, PNG or WebP by the file's signature, or null for anything else (an SVG, text, random bytes). */
export function detectPhotoType(bytes: Uint8Array): PhotoType | null {
  const startsWith = (signature: number[], offset = 0) =>
    bytes.byteLength >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
  if (startsWith([0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

/** The first 32 hex digits of the upload's SHA-256. */
const contentKey = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex").slice(0, 32);

const isPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/** A stored WebP rendition as JPEG, for the shopping feeds; the same pixels, re-encoded. */
export async function renditionAsJpeg(webp: Uint8Array): Promise<Buffer> {
  return sharp(webp).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
}
