/**
 * The back office's product form: its rules as one zod schema, which parses the untrusted post once
 * into a product that is always valid, or into messages keyed by the field they belong beside.
 * Framework-free, so the form's browser checks and the server share the same rules and words.
 */
import { productStatuses, type CategoryKind, type ProductStatus } from "@/lib/db/values";
import * as z from "zod/mini";
import { findCategory, type Category, type CategorySlug } from "./categories";
import { sizeMessages, sizesOf } from "./sizes";
import { lengthWithin, slugRule } from "./text-rules";
import { addIssue, fieldErrorsOf, parseFormValues } from "@/lib/core/form-schema";
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

/** Posted text, trimmed, with control characters removed; anything else reads as empty. */
const text = z.pipe(z.unknown(), z.transform(clean));
/** Whole numbers as staff write them, thousands separated or not ("1,200"). */
const amountWithin = (limits: { min: number; max: number }, message: string) =>
  z.pipe(
    z.pipe(
      text,
      z.transform((value) => parseWholeNumber(value.replace(/[,\s]/g, ""), limits)),
    ),
    z.number(message),
  );

/** Each field's rule, with the message shown beside it. */
const fieldRules = {
  name: lengthWithin(
    text,
    productLimits.name,
    `Give a name of ${productLimits.name.min} to ${productLimits.name.max} characters.`,
  ),
  slug: slugRule(
    text,
    isSlug,
    `Use lower-case letters, digits and single hyphens, at most ${maxSlugLength} characters (for example blue-hoodie).`,
  ),
  status: z.pipe(text, z.enum(productStatuses, "Choose Draft, Published or Archived.")),
  description: lengthWithin(
    text,
    productLimits.description,
    `Write a description of ${productLimits.description.min} to ${productLimits.description.max} characters.`,
  ),
  price: amountWithin(productLimits.price, "Give a price in whole shillings, more than 0."),
  stock: amountWithin(
    { min: 0, max: productLimits.stock.max },
    `Give the stock as a whole number from 0 to ${productLimits.stock.max.toLocaleString("en-KE")}.`,
  ),
  packSize: amountWithin(
    productLimits.packSize,
    `Trash bags come in packs: give the bags per pack (1 to ${productLimits.packSize.max}).`,
  ),
  colour: lengthWithin(
    text,
    { min: 1, max: productLimits.colour.max },
    `Give a colour of at most ${productLimits.colour.max} characters.`,
  ),
};
type FieldRules = typeof fieldRules;

/** One value checked by its rule: the value, or undefined with the rule's message put beside `path`. */
type Check = <K extends keyof FieldRules>(rule: K, value: unknown, path: string) => z.output<FieldRules[K]> | undefined;

/**
 * The back office's product form as one schema over its posted fields and the stored categories,
 * shared by the browser (useFormRules) and the server: every field's message at once, keyed by the
 * field's name. A new variant row left entirely blank is ignored; a new product (no `productId`)
 * may leave its address empty, to have one made from the name. The category's kind says whether
 * variants are packs or sizes and colours, and its lists which sizes.
 */
export const productFormSchema = (categories: readonly Category[]) =>
  z.pipe(
    z.record(z.string(), z.unknown()),
    z.transform((fields, context): ProductInput => {
      let valid = true;
      const refuse = (path: string, message: string) => {
        valid = false;
        addIssue(context, message, path);
      };
      const check: Check = (rule, value, path) => {
        const result = fieldRules[rule].safeParse(value);
        if (result.success) return result.data as z.output<FieldRules[typeof rule]>;
        refuse(path, result.error.issues[0].message);
        return undefined;
      };

      const name = check("name", fields.name, "name");
      const slug = clean(fields.slug) === "" && clean(fields.productId) === "" ? null : check("slug", fields.slug, "slug");
      const category = findCategory(categories, clean(fields.category));
      if (!category) refuse("category", `Choose a category: ${categories.map((known) => known.name).join(", ")}.`);
      const status = check("status", fields.status, "status");
      const description = check("description", fields.description, "description");
      // Without a known category (refused above), a size any category lists.
      const sizes = category ? sizesOf(category) : [...new Set(categories.flatMap(sizesOf))];
      const variants = parseVariantRows(fields, { kind: category?.kind ?? "apparel", sizes }, check, refuse);

      if (!valid || name === undefined || slug === undefined || !category || !status || description === undefined) return z.NEVER;
      return { name, slug, category: category.slug, status, description, variants };
    }),
  );

/** The variant rows filled in, each checked, and no two the same. */
/** How the category's variants vary: packs, or its sizes (in its order) and colours. */
type VariantOptions = { kind: CategoryKind; sizes: string[] };

function parseVariantRows(
  fields: Record<string, unknown>,
  options: VariantOptions,
  check: Check,
  refuse: (path: string, message: string) => void,
): VariantInput[] {
  const variants: VariantInput[] = [];
  const labels = new Set<string>();
  for (let row = 0; row < maxRows; row++) {
    const variant = parseVariantRow(row, fields, options, check, refuse);
    if (!variant) continue;
    variants.push(variant);
    if (variant.remove) continue;
    const label = variant.packSize !== null ? `pack ${variant.packSize}` : `${variant.size} ${variant.colour?.toLowerCase()}`;
    if (labels.has(label))
      refuse(variantField(row, variant.packSize !== null ? "packSize" : "colour"), "Another variant is the same.");
    labels.add(label);
  }
  const kept = variants.filter((variant) => !variant.remove).length;
  if (kept === 0) refuse("variants", "Add at least one variant with its price.");
  else if (kept > productLimits.variants.max) refuse("variants", `At most ${productLimits.variants.max} variants.`);
  return variants;
}

/**
 * One row: an existing variant (its id) or a new one, which alone sets its opening stock. Null when
 * the row is blank or a value was refused; a row marked for removal needs nothing else.
 */
function parseVariantRow(
  row: number,
  fields: Record<string, unknown>,
  { kind, sizes }: VariantOptions,
  check: Check,
  refuse: (path: string, message: string) => void,
): VariantInput | null {
  const field = (key: Parameters<typeof variantField>[1]) => variantField(row, key);
  const value = (key: Parameters<typeof variantField>[1]) => clean(fields[field(key)]);
  const id = parseWholeNumber(value("id"), { min: 0, max: 999_999_999 });
  const filled = (["size", "colour", "packSize", "price", "stock"] as const).some((key) => value(key) !== "");
  if (id === null && !filled) return null;
  if (id !== null && value("remove") !== "")
    return { id, price: 0, openingStock: 0, remove: true, size: null, colour: null, packSize: null };

  const price = check("price", value("price"), field("price"));
  const openingStock = id === null ? check("stock", value("stock") || "0", field("stock")) : 0;
  const size = value("size");
  if (kind === "apparel" && !sizes.includes(size)) refuse(field("size"), sizeMessages.choose(sizes));
  const option =
    kind === "pack"
      ? { size: null, colour: null, packSize: check("packSize", value("packSize"), field("packSize")) }
      : {
          size: sizes.includes(size) ? size : undefined,
          colour: check("colour", value("colour"), field("colour")),
          packSize: null,
        };
  const variant = { id, price, openingStock, remove: false, ...option };
  return Object.values(variant).includes(undefined) ? null : (variant as VariantInput);
}

/** The browser's check of the product form, with the server's messages. */
export const productFormErrors = (categories: readonly Category[]) => fieldErrorsOf(productFormSchema(categories));

/** A posted product form, parsed once against the stored categories: the product, or each field's message. */
export function parseProductForm(fields: Record<string, unknown>, categories: readonly Category[]): ParsedProduct {
  const parsed = parseFormValues(productFormSchema(categories), fields);
  return parsed.ok ? { ok: true, product: parsed.data } : parsed;
}

function clean(value: unknown): string {
  if (typeof value !== "string") return "";
  return value.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "").trim();
}
