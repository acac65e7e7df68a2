import type { MetadataRoute } from "next";
import { site } from "@/lib/site";
import { getProductUpdates } from "./cache";
import { categories } from "./categories";

/** The sitemap entries of every product, every category page and the page of all products. */
export async function catalogSitemap(): Promise<MetadataRoute.Sitemap> {
  const updates = await getProductUpdates();
  const latest = (category?: string) =>
    updates
      .filter((product) => !category || product.category === category)
      .reduce((newest, product) => (product.updatedAt > newest ? product.updatedAt : newest), "1970-01-01T00:00:00.000Z");
  return [
    { url: `${site.url}/products`, lastModified: latest() },
    ...categories.map((category) => ({ url: `${site.url}/categories/${category.slug}`, lastModified: latest(category.slug) })),
    ...updates.map((product) => ({ url: `${site.url}/products/${product.slug}`, lastModified: product.updatedAt })),
  ];
}
