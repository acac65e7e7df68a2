// TEMPORARY (catalog branch): the storefront's app/sitemap.ts replaces this; merge in catalogSitemap().
import type { MetadataRoute } from "next";
import { catalogSitemap } from "@/lib/catalog/sitemap";

export const dynamic = "force-dynamic";

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  return catalogSitemap();
}
