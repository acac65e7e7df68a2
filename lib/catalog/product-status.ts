/**
 * A product's state. draft: only staff see it; published: in the shop; archived: out of the shop,
 * still on past orders. Shoppers, search and the sitemap see published products only.
 * Free of drizzle, so that the back office's forms can use it in the browser.
 */
export const productStatuses = ["draft", "published", "archived"] as const;
export type ProductStatus = (typeof productStatuses)[number];
