/**
 * Rules the catalog's forms (products, categories) build their text fields from, each on the form's
 * own cleaning of posted text. zod/mini, as the browser runs them (lib/core/form-schema.ts).
 */
import * as z from "zod/mini";

/** A form's posted text as a string, cleaned its own way. */
type TextRule = z.ZodMiniType<string>;

/** `text` of `limits.min` to `limits.max` characters, with one message for both. */
export const lengthWithin = (text: TextRule, limits: { min: number; max: number }, message: string) =>
  z.pipe(text, z.string().check(z.minLength(limits.min, message), z.maxLength(limits.max, message)));

/** `text` lower-cased into a slug that `isValid` accepts. */
export const slugRule = (text: TextRule, isValid: (slug: string) => boolean, message: string) =>
  z
    .pipe(
      text,
      z.transform((slug) => slug.toLowerCase()),
    )
    .check(z.refine(isValid, message));
