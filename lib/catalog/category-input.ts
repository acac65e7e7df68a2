/**
 * The back office's category form: its rules as one zod schema, shared by the browser
 * (useFormRules) and the server, which parses the untrusted post once into a valid category.
 */
import * as z from "zod/mini";
import { fieldErrorsOf, parseFormValues } from "@/lib/core/form-schema";
import { isSlug, maxSlugLength } from "@/lib/core/slugs";
import { categoryKinds, taxClasses, type CategoryKind, type TaxClass } from "@/lib/db/values";
import { allCategories } from "./categories";
import { lengthWithin, slugRule } from "./text-rules";

export const categoryLimits = { name: { min: 2, max: 40 }, description: { min: 10, max: 300 } } as const;

export const categoryKindLabels: Record<CategoryKind, string> = {
  apparel: "Apparel (sizes and colours)",
  pack: "Packs (bags per pack)",
};

export type CategoryInput = { name: string; slug: string; description: string; kind: CategoryKind; taxClass: TaxClass };

const text = z.pipe(
  z.unknown(),
  z.transform((value) => (typeof value === "string" ? value.replace(/\s+/g, " ").trim() : "")),
);

/** Messages the category form's tests name. */
export const categoryFormMessages = { taxClass: "Choose how its goods are described on tax invoices." };

export const categoryFormSchema = z.object({
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
});

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
  notEmpty: (products: number) =>
    `It holds ${products === 1 ? "1 product" : `${products} products`}: hide it instead, or move them to another category first.`,
  linked: "Campaign links lead to it: hide it instead.",
  notFound: "This category does not exist.",
};
