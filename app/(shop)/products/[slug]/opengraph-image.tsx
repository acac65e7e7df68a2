import { ImageResponse } from "next/og";
import { ProductOgImage, ogImageSize } from "@/components/catalog/ProductOgImage";
import { getProductPage } from "@/lib/server/catalog-cache";
import { site } from "@/lib/site";

export const alt = `A product of ${site.name}`;
export const size = ogImageSize;
export const contentType = "image/png";

export const generateStaticParams = async () => [];

export default async function Image({ params }: { params: Promise<{ slug: string }> }) {
  const page = await getProductPage((await params).slug);
  return new ImageResponse(<ProductOgImage product={page?.product ?? null} />, size);
}
