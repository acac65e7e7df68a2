import sharp from "sharp";

/** Real images for upload tests, made on the spot rather than committed as binaries. */

/** A colourful photo of `width` × `height` in `format`; noise keeps it from compressing to nothing. */
export async function makePhoto(format: "jpeg" | "png" | "webp", width = 1600, height = 1200): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 22, g: 101, b: 52 },
      noise: { type: "gaussian", mean: 128, sigma: 30 },
    },
  })
    .toFormat(format)
    .toBuffer();
}

/** A JPEG as a phone takes it: with EXIF that holds where it was taken, and turned by its orientation tag. */
export async function makePhoneJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 400, channels: 3, background: { r: 200, g: 50, b: 50 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 1" },
      IFD3: { GPSLatitudeRef: "S", GPSLatitude: "1/1 17/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "36/1 49/1 0/1" },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A JPEG cut off halfway, as an interrupted transfer leaves it. */
export async function makeTruncatedJpeg(): Promise<Buffer> {
  const whole = await makePhoto("jpeg", 800, 600);
  return whole.subarray(0, Math.floor(whole.length / 2));
}

/**
 * A decompression bomb: a 1 × 1 PNG whose header is rewritten to declare 50,000 × 50,000 pixels
 * (2.5 gigapixels, about 10 GB once decoded) in a file of under 100 bytes.
 */
export async function makePixelBomb(): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: "white" } })
    .png()
    .toBuffer();
  // The IHDR chunk follows the 8-byte signature: length (4), type (4), width (4), height (4), …, CRC.
  png.writeUInt32BE(50_000, 16);
  png.writeUInt32BE(50_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** An SVG drawing with a .png name: the bytes say what it is. */
export const svgAsPng = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="red"/></svg>',
);

/** A text file, uploaded by mistake. */
export const textFile = Buffer.from("Order list for Monday: 3 hoodies, 2 t-shirts.\n");
