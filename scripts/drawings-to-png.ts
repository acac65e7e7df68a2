// `npm run drawings:png`: the raster copies of the seed products' drawings that shopping feeds
// need (Google and Meta take no SVG), written beside each drawing as <name>.png at twice its size.
// Run it after adding or changing a drawing; lib/feeds/drawings.test.ts fails while one is missing.
import { readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const folder = path.resolve("public/images/products");
for (const file of readdirSync(folder).filter((name) => name.endsWith(".svg"))) {
  const target = path.join(folder, file.replace(/\.svg$/, ".png"));
  await sharp(path.join(folder, file), { density: 144 }).png({ compressionLevel: 9, palette: true }).toFile(target);
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
}
