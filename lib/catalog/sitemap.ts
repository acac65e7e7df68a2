import { site } from "@/lib/site";
import { shownCategories, type Category } from "./categories";
import type { ProductUpdate } from "./queries";

/** The sitemap entries of every product, every shown category's page and the page of all products. */
export function catalogSitemap(
  updates: ProductUpdate[],
  categories: readonly Category[],
): { url: string; lastModified: string }[] {
  const latest = (category?: string) =>
    updates
      .filter((product) => !category || product.category === category)
      .reduce((newest, product) => (product.updatedAt > newest ? product.updatedAt : newest), "1970-01-01T00:00:00.000Z");
  return [
    { url: `${site.url}/products`, lastModified: latest() },
    ...shownCategories(categories).map((category) => ({
      url: `${site.url}/categories/${category.slug}`,
      lastModified: latest(category.slug),
    })),
    ...updates.map((product) => ({ url: `${site.url}/products/${product.slug}`, lastModified: product.updatedAt })),
  ];
}
