import { ImageResponse } from "next/og";
import { ProductOgImage, ogImageSize } from "@/components/catalog/ProductOgImage";
import { getDb } from "@/lib/server/database";
import { findRenditionDataUrl } from "@/lib/photos/store";
import { findProductPage } from "@/lib/server/catalog-cache";

// A route handler rather than the opengraph-image file convention, which adds a hash to the URL
// inside a route group: shared links keep /products/<slug>/opengraph-image. The product comes from
// the catalog cache; link previews may keep the picture for a few minutes, not for ever, so an
// edited price shows, and so does a new main photo.
export async function GET(_request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const page = await findProductPage((await params).slug);
  const main = page?.product.images[0];
  const photo = main ? await findRenditionDataUrl(await getDb(), main.src) : null;
  return new ImageResponse(<ProductOgImage product={page?.product ?? null} photo={photo} />, {
    ...ogImageSize,
    headers: { "Cache-Control": "public, max-age=600" },
  });
}
