/**
 * Apparel sizes come from their category: each names its kids' and its adults' sizes, each list
 * smallest first (kids' before adults'). The product form, the filters, the size guide, the feeds
 * and the product page read them from there. Framework-free: forms share these rules.
 */
import type { Category } from "./categories";

/** Who a size is cut for; also the feeds' age_group, whose values Google and Meta spell the same. */
export const ageGroups = ["kids", "adult"] as const;
export type AgeGroup = (typeof ageGroups)[number];

export type SizedCategory = Pick<Category, "kidsSizes" | "adultSizes">;

/** The category form's field for each list. */
export const sizeListFields = { kids: "kidsSizes", adult: "adultSizes" } as const satisfies Record<AgeGroup, keyof SizedCategory>;

export const sizeListLabels: Record<AgeGroup, string> = { kids: "Kids' sizes", adult: "Adults' sizes" };

/** A size as URLs, forms and the catalog spell it ('XL', '4-6Y'). */
const sizeNamePattern = /^[A-Z0-9-]{1,8}$/;
export const maxSizesPerList = 12;

export const sizeMessages = {
  list: `List up to ${maxSizesPerList} sizes, smallest first, separated by commas (for example S, M, L or 4-6Y, 6-8Y); each of letters, digits and hyphens, at most 8.`,
  repeated: (size: string) => `${size} is listed twice: give each size once.`,
  choose: (sizes: readonly string[]) =>
    sizes.length > 0 ? `Choose a size: ${sizes.join(", ")}.` : "Its category has no sizes: add them to the category first.",
} as const;

/** A size typed or sent by anyone, upper-cased, or null when it cannot be one. */
export function cleanSize(value: string): string | null {
  const size = value.trim().toUpperCase();
  return sizeNamePattern.test(size) ? size : null;
}

/** A category's sizes in shopping order: kids' first, then adults'. */
export const sizesOf = (category: SizedCategory): string[] => [...category.kidsSizes, ...category.adultSizes];

/** Who a category cuts a size for, or null when the category does not list it. */
export function ageGroupOf(category: SizedCategory, size: string): AgeGroup | null {
  if (category.kidsSizes.includes(size)) return "kids";
  return category.adultSizes.includes(size) ? "adult" : null;
}

/** The sizes a product is sold in (its variants' sizes), in its category's order; none for packs. */
export function offeredSizes(variants: readonly { size: string | null }[], category: SizedCategory): string[] {
  return sizesOf(category).filter((size) => variants.some((variant) => variant.size === size));
}

/** A list as staff type it ('s, M ,L'), in their order: the sizes, or null when one cannot be a size. */
export function parseSizeList(text: string): string[] | null {
  const parts = text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  const sizes = parts.map(cleanSize);
  if (sizes.length > maxSizesPerList || sizes.some((size) => size === null)) return null;
  return sizes as string[];
}

/** The first size given twice across a category's lists, or null. */
export function repeatedSize(category: SizedCategory): string | null {
  const all = sizesOf(category);
  return all.find((size, index) => all.indexOf(size) !== index) ?? null;
}
