import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { makePhoneJpeg, makePhoto, makePixelBomb, makeTruncatedJpeg, svgAsPng, textFile } from "@/lib/testing/images";
import { detectPhotoType, processUpload } from "./process";
import { MAX_PHOTO_BYTES, photoMessages } from "./rules";
import { parseRenditionName, renditionSrcSet, renditionUrl, renditionWidths } from "./urls";

describe("processUpload", () => {
  it.each(["jpeg", "png", "webp"] as const)("renders a %s as WebP at 320, 640 and 1200 px", async (format) => {
    const result = await processUpload(await makePhoto(format));
    if (!result.ok) throw new Error(result.error);
    expect(result.image.type).toBe(format);
    expect(result.image.key).toMatch(/^[0-9a-f]{32}$/);
    expect(result.image.renditions.map(({ width, height }) => [width, height])).toEqual([
      [320, 240],
      [640, 480],
      [1200, 900],
    ]);
    for (const rendition of result.image.renditions) {
      expect((await sharp(rendition.data).metadata()).format).toBe("webp");
    }
  });

  it("gives the same file the same key, and another file another", async () => {
    const photo = await makePhoto("png", 400, 300);
    const [first, again, other] = await Promise.all([
      processUpload(photo),
      processUpload(Buffer.from(photo)),
      processUpload(await makePhoto("png", 400, 300)),
    ]);
    expect(first.ok && again.ok && first.image.key === again.image.key).toBe(true);
    expect(first.ok && other.ok && first.image.key !== other.image.key).toBe(true);
  });

  it("never upscales: a small image gets only the widths it fills, at least one", async () => {
    const medium = await processUpload(await makePhoto("jpeg", 700, 700));
    expect(medium.ok && medium.image.renditions.map((rendition) => rendition.width)).toEqual([320, 640]);
    const tiny = await processUpload(await makePhoto("png", 200, 100));
    expect(tiny.ok && tiny.image.renditions.map(({ width, height }) => [width, height])).toEqual([[200, 100]]);
  });

  it("turns a phone photo upright and removes its metadata, GPS included", async () => {
    const upload = await makePhoneJpeg();
    const before = await sharp(upload).metadata();
    expect(before.exif?.includes(Buffer.from("PhoneMaker"))).toBe(true);
    expect(before.orientation).toBe(6);
    const result = await processUpload(upload);
    if (!result.ok) throw new Error(result.error);
    // 800 × 400 with orientation 6 (90° clockwise) is a portrait 400 × 800.
    expect([result.image.width, result.image.height]).toEqual([400, 800]);
    for (const rendition of result.image.renditions) {
      const metadata = await sharp(rendition.data).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.iptc).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(rendition.data.includes(Buffer.from("PhoneMaker"))).toBe(false);
    }
  });

  it("refuses a file over 10 MB before reading it", async () => {
    const big = Buffer.concat([await makePhoto("jpeg", 100, 100), Buffer.alloc(MAX_PHOTO_BYTES)]);
    expect(await processUpload(big)).toEqual({ ok: false, error: photoMessages.tooLarge });
  });

  it("refuses a truncated JPEG as damaged", async () => {
    expect(await processUpload(await makeTruncatedJpeg())).toEqual({ ok: false, error: photoMessages.corrupt });
  });

  it("refuses a decompression bomb before decoding it", async () => {
    const bomb = await makePixelBomb();
    expect(bomb.length).toBeLessThan(100);
    expect(await processUpload(bomb)).toEqual({ ok: false, error: photoMessages.tooManyPixels });
  });

  it.each([
    ["an SVG renamed .png", svgAsPng],
    ["a text file", textFile],
    ["random bytes", randomBytes(4096)],
    ["a GIF", Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1")],
  ])("refuses %s as not a photo", async (_name, bytes) => {
    expect(await processUpload(bytes)).toEqual({ ok: false, error: photoMessages.unsupportedType });
  });

  it("refuses a PNG signature in front of something else", async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2048)]);
    expect(detectPhotoType(fake)).toBe("png");
    expect((await processUpload(fake)).ok).toBe(false);
  });

  it("refuses an empty file", async () => {
    expect(await processUpload(new Uint8Array())).toEqual({ ok: false, error: photoMessages.missingFile });
  });
});

describe("rendition URLs", () => {
  const key = "0123456789abcdef0123456789abcdef";

  it("names each rendition by content hash and width, and lists them for srcset", () => {
    expect(renditionUrl(key, 640)).toBe(`/media/${key}-640.webp`);
    expect(renditionSrcSet(key, [320, 640])).toBe(`/media/${key}-320.webp 320w, /media/${key}-640.webp 640w`);
    expect(renditionWidths(1600)).toEqual([320, 640, 1200]);
    expect(renditionWidths(900)).toEqual([320, 640]);
    expect(renditionWidths(100)).toEqual([100]);
  });

  it("parses only well-formed names", () => {
    expect(parseRenditionName(`${key}-320.webp`)).toEqual({ key, width: 320 });
    for (const name of [
      `${key}-320.png`,
      `${key}-0.webp`,
      `${key.toUpperCase()}-320.webp`,
      `../${key}-320.webp`,
      `${key}-999999.webp`,
      "x",
    ]) {
      expect(parseRenditionName(name)).toBeNull();
    }
  });
});
