/**
 * The back office's category form: its rules as one zod schema, shared by the browser
 * (useFormRules) and the server, which parses the untrusted post once into a valid category.
 */
import * as z from "zod/mini";
import { addIssue, fieldErrorsOf, parseFormValues } from "@/lib/core/form-schema";
import { isSlug, maxSlugLength } from "@/lib/core/slugs";
import { categoryKinds, taxClasses, type CategoryKind, type TaxClass } from "@/lib/db/values";
import { allCategories } from "./categories";
import { parseSizeList, repeatedSize, sizeListFields, sizeMessages } from "./sizes";
import { lengthWithin, slugRule } from "./text-rules";

export const categoryLimits = { name: { min: 2, max: 40 }, description: { min: 10, max: 300 } } as const;

export const categoryKindLabels: Record<CategoryKind, string> = {
  apparel: "Apparel (sizes and colours)",
  pack: "Packs (bags per pack)",
};

export type CategoryInput = {
  name: string;
  slug: string;
  description: string;
  kind: CategoryKind;
  taxClass: TaxClass;
  kidsSizes: string[];
  adultSizes: string[];
};

const text = z.pipe(
  z.unknown(),
  z.transform((value) => (typeof value === "string" ? value.replace(/\s+/g, " ").trim() : "")),
);

/** Messages the category form's tests name. */
export const categoryFormMessages = { taxClass: "Choose how its goods are described on tax invoices." };

/** A list of sizes as staff type it, comma-separated and smallest first; none when the field is missing. */
const sizeList = z.optional(
  z.pipe(
    text,
    z.pipe(
      z.transform((value: string) => parseSizeList(value)),
      z.array(z.string(), sizeMessages.list),
    ),
  ),
);

const fieldsSchema = z.object({
  name: lengthWithin(
    text,
    categoryLimits.name,
    `Give a name of ${categoryLimits.name.min} to ${categoryLimits.name.max} characters.`,
  ),
  slug: slugRule(
    text,
    (slug) => isSlug(slug) && slug !== allCategories.slug,
    `Use lower-case letters, digits and single hyphens, at most ${maxSlugLength} characters, not "${allCategories.slug}" (for example tote-bags).`,
  ),
  description: lengthWithin(
    text,
    categoryLimits.description,
    `Write a description of ${categoryLimits.description.min} to ${categoryLimits.description.max} characters.`,
  ),
  kind: z.pipe(text, z.enum(categoryKinds, "Choose how its products vary.")),
  taxClass: z.pipe(text, z.enum(taxClasses, categoryFormMessages.taxClass)),
  kidsSizes: sizeList,
  adultSizes: sizeList,
});

/** The fields, then the rules across them: apparel lists each size once; packs have none. */
export const categoryFormSchema = z.pipe(
  fieldsSchema,
  z.transform(({ kidsSizes = [], adultSizes = [], ...fields }, context): CategoryInput => {
    const category = { ...fields, kidsSizes, adultSizes };
    if (category.kind === "pack") return { ...category, kidsSizes: [], adultSizes: [] };
    // An apparel category may start without sizes: its product form asks for them first.
    const repeated = repeatedSize(category);
    if (repeated) addIssue(context, sizeMessages.repeated(repeated), sizeListFields.adult);
    return category;
  }),
);

/** The browser's check of the category form, with the server's messages. */
export const categoryFormErrors = fieldErrorsOf(categoryFormSchema);

/** A posted category form, parsed once: the category, or each field's message. */
export function parseCategoryForm(fields: Record<string, unknown>) {
  return parseFormValues<CategoryInput, keyof CategoryInput>(categoryFormSchema, fields);
}

/** Why a category stays: shown beside its delete button and as the refusal. */
export const categoryMessages = {
  slugTaken: "Another category has or had this address. Choose another.",
  kindLocked: "Its products are sized this way: move them to another category before changing how they vary.",
  sizesInUse: (sizes: readonly string[]) =>
    `Its products are sold in ${sizes.join(", ")}: keep ${sizes.length === 1 ? "this size" : "these sizes"}, or change those variants first.`,
  notEmpty: (products: number) =>
    `It holds ${products === 1 ? "1 product" : `${products} products`}: hide it instead, or move them to another category first.`,
  linked: "Campaign links lead to it: hide it instead.",
  notFound: "This category does not exist.",
};
