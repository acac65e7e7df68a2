import type { MetadataRoute } from "next";
import { catalogSitemap } from "@/lib/catalog/sitemap";
import { listCatalogUpdates, listShopCategories } from "@/lib/server/catalog-cache";
import { site } from "@/lib/site";

// Read per request, so `next build` never opens the database.
export const dynamic = "force-dynamic";

/** The shop's fixed pages, then every category and product. */
const staticPaths = ["/", "/about", "/contact", "/terms"];

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  return [
    ...staticPaths.map((path) => ({ url: `${site.url}${path}` })),
    ...catalogSitemap(await listCatalogUpdates(), await listShopCategories()),
  ];
}
