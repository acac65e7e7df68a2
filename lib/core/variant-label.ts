/** How a variant is named beside its product: 'M · Black', 'Pack of 20', or '' for a single option. */
export function variantLabel(variant: { size: string | null; colour: string | null; packSize: number | null }): string {
  if (variant.packSize !== null) return packLabel(variant.packSize);
  return [variant.size, variant.colour].filter(Boolean).join(" · ");
}

/** The product page with a variant chosen (the page's form picks it once JavaScript runs). */
export const variantPath = (slug: string, variantId: number) => `/products/${slug}?variant=${variantId}`;

/** A pack's size in words: also its size in the shopping feeds, where a product's packs must differ by one. */
export const packLabel = (packSize: number) => `Pack of ${packSize}`;
