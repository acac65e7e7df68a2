/**
 * The back office's product form: its rules, and the untrusted post parsed once into a product
 * that is always valid, or into messages keyed by the field they belong beside. Framework-free,
 * so the form's client checks and the server read the same limits.
 */
import { productStatuses, type ProductStatus } from "@/lib/db/values";
import { categories, isCategorySlug, type CategorySlug } from "./categories";
import { isSlug, maxSlugLength } from "@/lib/core/slugs";
import { parseWholeNumber } from "@/lib/core/whole-number";

export const productLimits = {
  name: { min: 3, max: 80 },
  slug: { max: maxSlugLength },
  description: { min: 20, max: 2000 },
  colour: { max: 30 },
  packSize: { min: 1, max: 1000 },
  price: { min: 1, max: 1_000_000 },
  stock: { max: 100_000 },
  variants: { max: 40 },
} as const;

/** Apparel sizes, smallest first. */
export const apparelSizes = ["XS", "S", "M", "L", "XL", "XXL", "3XL"] as const;

/** Trash bags come in packs; everything else in sizes and colours. */
export const variantKind = (category: CategorySlug): "pack" | "apparel" => (category === "trashbags" ? "pack" : "apparel");

export const productStatusLabels: Record<ProductStatus, string> = {
  draft: "Draft",
  published: "Published",
  archived: "Archived",
};

/** A variant row of the form: an existing variant (id) or a new one, which alone sets its opening stock. */
export type VariantInput = {
  id: number | null;
  size: string | null;
  colour: string | null;
  packSize: number | null;
  price: number;
  /** New variants only: the stock they open with. Existing stock changes through adjustments. */
  openingStock: number;
  remove: boolean;
};

export type ProductInput = {
  name: string;
  /** null: make one from the name (a new product only). */
  slug: string | null;
  category: CategorySlug;
  status: ProductStatus;
  description: string;
  variants: VariantInput[];
};

export type ProductErrors = Partial<Record<string, string>>;

/** On top of a form that stored nothing. */
export const fixBelow = "Fix what is marked below; nothing was saved.";
/** When the product edited is gone (or its id is not one). */
export const productNotFound = "This product does not exist.";
export type ParsedProduct = { ok: true; product: ProductInput } | { ok: false; errors: ProductErrors };

/** The form's field names: `variant-3-price` is the fourth row's price. */
export const variantField = (row: number, field: "id" | "size" | "colour" | "packSize" | "price" | "stock" | "remove") =>
  `variant-${row}-${field}`;

/** The most variant rows a post may carry (existing ones plus blank rows for new ones). */
const maxRows = productLimits.variants.max + 10;

/**
 * Reads a posted product form. Text is trimmed with control characters removed; a new variant row
 * left entirely blank is ignored. Every message names what to fix.
 */
export function parseProductForm(form: { get(name: string): unknown }, options: { isNew: boolean }): ParsedProduct {
  const errors: ProductErrors = {};
  const text = (name: string) => clean(form.get(name));

  const name = text("name");
  if (name.length < productLimits.name.min || name.length > productLimits.name.max)
    errors.name = `Give a name of ${productLimits.name.min} to ${productLimits.name.max} characters.`;

  const slugText = text("slug").toLowerCase();
  let slug: string | null = slugText || null;
  if (slug === null && !options.isNew) errors.slug = "Give the product's address.";
  else if (slug !== null && !isSlug(slug)) {
    errors.slug = `Use lower-case letters, digits and single hyphens, at most ${maxSlugLength} characters (for example blue-hoodie).`;
    slug = null;
  }

  const categoryText = text("category");
  if (!isCategorySlug(categoryText)) errors.category = `Choose a category: ${categories.map((c) => c.label).join(", ")}.`;
  const category: CategorySlug = isCategorySlug(categoryText) ? categoryText : "tshirts";

  const statusText = text("status");
  const status = productStatuses.find((known) => known === statusText);
  if (!status) errors.status = "Choose Draft, Published or Archived.";

  const description = text("description");
  if (description.length < productLimits.description.min || description.length > productLimits.description.max)
    errors.description = `Write a description of ${productLimits.description.min} to ${productLimits.description.max} characters.`;

  const variants: VariantInput[] = [];
  const labels = new Map<string, number>();
  for (let row = 0; row < maxRows; row++) {
    const field = (key: Parameters<typeof variantField>[1]) => text(variantField(row, key));
    const idText = field("id");
    const id = parseWholeNumber(idText, { min: 0, max: 999_999_999 });
    const filled = ["size", "colour", "packSize", "price", "stock"].some((key) => field(key as "size") !== "");
    if (id === null && !filled) continue;
    const remove = id !== null && field("remove") !== "";
    const variant = parseVariant(row, field, category, id, remove, errors);
    if (!variant) continue;
    variants.push(variant);
    if (remove) continue;
    const label = variant.packSize !== null ? `pack ${variant.packSize}` : `${variant.size} ${variant.colour?.toLowerCase()}`;
    if (labels.has(label))
      errors[variantField(row, variant.packSize !== null ? "packSize" : "colour")] = "Another variant is the same.";
    labels.set(label, row);
  }
  const kept = variants.filter((variant) => !variant.remove);
  if (kept.length === 0) errors.variants = "Add at least one variant with its price.";
  else if (kept.length > productLimits.variants.max) errors.variants = `At most ${productLimits.variants.max} variants.`;

  if (Object.keys(errors).length > 0 || !status) return { ok: false, errors };
  return { ok: true, product: { name, slug, category, status, description, variants } };
}

function parseVariant(
  row: number,
  field: (key: "size" | "colour" | "packSize" | "price" | "stock") => string,
  category: CategorySlug,
  id: number | null,
  remove: boolean,
  errors: ProductErrors,
): VariantInput | null {
  const before = Object.keys(errors).length;
  const price = wholeNumber(field("price"));
  if (!remove && (price === null || price < productLimits.price.min || price > productLimits.price.max))
    errors[variantField(row, "price")] = "Give a price in whole shillings, more than 0.";
  const stock = id === null ? wholeNumber(field("stock") || "0") : 0;
  if (stock === null || stock > productLimits.stock.max)
    errors[variantField(row, "stock")] =
      `Give the stock as a whole number from 0 to ${productLimits.stock.max.toLocaleString("en-KE")}.`;

  let size: string | null = null;
  let colour: string | null = null;
  let packSize: number | null = null;
  if (variantKind(category) === "pack") {
    packSize = wholeNumber(field("packSize"));
    if (!remove && (packSize === null || packSize < productLimits.packSize.min || packSize > productLimits.packSize.max))
      errors[variantField(row, "packSize")] =
        `Trash bags come in packs: give the bags per pack (1 to ${productLimits.packSize.max}).`;
  } else {
    size = apparelSizes.find((known) => known === field("size")) ?? null;
    if (!remove && !size) errors[variantField(row, "size")] = `Choose a size: ${apparelSizes.join(", ")}.`;
    colour = field("colour") || null;
    if (!remove && (!colour || colour.length > productLimits.colour.max))
      errors[variantField(row, "colour")] = `Give a colour of at most ${productLimits.colour.max} characters.`;
  }
  if (Object.keys(errors).length > before) return null;
  return { id, size, colour, packSize, price: price ?? 0, openingStock: stock ?? 0, remove };
}

/** A whole number as staff write it, thousands separated or not ("1,200"). */
function wholeNumber(value: string): number | null {
  return parseWholeNumber(value.replace(/[,\s]/g, ""), { min: 0, max: 999_999_999 });
}

function clean(value: unknown): string {
  if (typeof value !== "string") return "";
  return value.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "").trim();
}
