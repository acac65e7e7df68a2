import * as z from "zod/mini";
import { findCategory, type Category } from "@/lib/catalog/categories";
import { addIssue, fieldErrorsOf, preprocess } from "@/lib/core/form-schema";
import { discountKinds, discountScopes, type DiscountKind, type DiscountScope } from "@/lib/db/values";
import { normaliseDiscountCode } from "./rules";

/** The discount code form's words, shared by the form and the server. */
export const discountKindLabels: Record<DiscountKind, string> = { percent: "Percentage off", fixed: "Fixed amount off (KSh)" };
export const discountScopeLabels: Record<DiscountScope, string> = {
  all: "Everything in the cart",
  products: "Some products",
  categories: "Some categories",
};

export const discountFieldMessages = {
  code: "Use 3 to 32 letters, digits or dashes, like KARIBU10.",
  kind: "Choose a percentage or a fixed amount.",
  value: "Enter a whole number: 1 to 100 for a percentage, at least 1 shilling for an amount.",
  minSubtotal: "Enter a whole number of shillings, or leave it empty.",
  scope: "Choose what the code applies to.",
  productIds: "Choose at least one product.",
  categories: "Choose at least one category.",
  startsAt: "Enter when the code starts (Nairobi time), or leave it empty to start now.",
  endsAt: "Enter an end after the start (Nairobi time), or leave it empty for a code with no end.",
  maxUses: "Enter a whole number of uses, or leave it empty.",
} as const;

/** A code to create, always valid. */
export type DiscountCodeInput = z.output<ReturnType<typeof discountCodeSchema>>;

const wholeNumber = (max: number, message: string) =>
  preprocess(
    (value) => (typeof value === "string" && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : value),
    z.number({ error: message }).check(z.int(message), z.minimum(1, message), z.maximum(max, message)),
  );
const optional = <T extends z.ZodMiniType>(schema: T) =>
  preprocess((value) => (value === "" || value === undefined || value === null ? null : value), z.nullable(schema));
// A datetime-local field's value, read as Nairobi time (UTC+3 all year, no daylight saving).
const nairobiTime = (message: string) =>
  z
    .pipe(
      z.string({ error: message }).check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, message)),
      z.transform((value) => new Date(`${value}:00+03:00`)),
    )
    .check(z.refine((date) => !Number.isNaN(date.getTime()), message));
const list = (value: unknown) => (Array.isArray(value) ? value : value === undefined || value === "" ? [] : [value]);

/**
 * The discount code form over the stored `categories`, parsed once: shared by the browser
 * (useFormRules) and the server action.
 */
export const discountCodeSchema = (categories: readonly Category[]) =>
  z
    .object({
      code: z.pipe(
        z.unknown(),
        z.transform((value, context) => {
          const code = normaliseDiscountCode(value);
          if (code === null) addIssue(context, discountFieldMessages.code);
          return code ?? "";
        }),
      ),
      kind: z.enum(discountKinds, { error: discountFieldMessages.kind }),
      value: wholeNumber(1_000_000, discountFieldMessages.value),
      minSubtotal: optional(wholeNumber(10_000_000, discountFieldMessages.minSubtotal)),
      scope: z.enum(discountScopes, { error: discountFieldMessages.scope }),
      productIds: preprocess(
        list,
        z
          .array(z.coerce.number().check(z.int(), z.positive()), { error: discountFieldMessages.productIds })
          .check(z.maxLength(200)),
      ),
      categories: preprocess(
        list,
        z
          .array(z.string().check(z.refine((slug) => findCategory(categories, slug) !== undefined)), {
            error: discountFieldMessages.categories,
          })
          .check(z.maxLength(20)),
      ),
      // An empty start is the moment the form is sent; an empty end, none.
      startsAt: z.pipe(
        optional(nairobiTime(discountFieldMessages.startsAt)),
        z.transform((date) => date ?? new Date()),
      ),
      endsAt: optional(nairobiTime(discountFieldMessages.endsAt)),
      maxUses: optional(wholeNumber(10_000_000, discountFieldMessages.maxUses)),
      oncePerShopper: preprocess((value) => value === "on" || value === true, z.boolean()),
      campaignId: optional(z.coerce.number().check(z.int(), z.positive())),
    })
    .check(
      z.superRefine((input, context) => {
        const issue = (path: keyof typeof discountFieldMessages) =>
          context.addIssue({ code: "custom", path: [path], message: discountFieldMessages[path] });
        if (input.kind === "percent" && input.value > 100) issue("value");
        if (input.scope === "products" && input.productIds.length === 0) issue("productIds");
        if (input.scope === "categories" && input.categories.length === 0) issue("categories");
        if (input.endsAt !== null && input.endsAt <= input.startsAt) issue("endsAt");
      }),
    );

/** The form's fields, in the order the server reads them; the lists may repeat. */
export const discountCodeFields = [
  "code",
  "kind",
  "value",
  "minSubtotal",
  "scope",
  "startsAt",
  "endsAt",
  "maxUses",
  "oncePerShopper",
  "campaignId",
] as const;
export const discountCodeListFields = ["productIds", "categories"] as const;

/** Each field's first message, for the browser's checks (useFormRules). */
export const discountCodeFormErrors = (categories: readonly Category[]) => fieldErrorsOf<string>(discountCodeSchema(categories));
