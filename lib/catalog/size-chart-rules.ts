/**
 * Apparel size charts: what a chart holds, its form's rules as one zod schema (shared by the
 * browser's checks and the server), and which rows a product's page shows. Framework-free.
 */
import * as z from "zod/mini";
import { addIssue, fieldErrorsOf, parseFormValues } from "@/lib/core/form-schema";
import { parseWholeNumber } from "@/lib/core/whole-number";
import { findCategory, type Category, type CategorySlug } from "./categories";
import { sizesOf } from "./sizes";

/** The garment's measurements a chart gives per size, in the order of its columns. */
export const sizeMeasures = ["chest", "length", "sleeve"] as const;
export type SizeMeasure = (typeof sizeMeasures)[number];

export const sizeMeasureLabels: Record<SizeMeasure, string> = { chest: "Chest", length: "Length", sleeve: "Sleeve" };

/** How each measurement is taken, for shoppers and staff alike. */
export const howToMeasure =
  "Garment measurements in centimetres, laid flat: chest from armpit to armpit, length from the highest point of the shoulder to the hem, sleeve from the shoulder seam to the cuff.";

/** Whole centimetres, laid flat: wide enough for kids' 4-6Y t-shirts to 3XL hoodies, narrow enough to catch a slip. */
export const sizeMeasureLimits: Record<SizeMeasure, { min: number; max: number }> = {
  chest: { min: 30, max: 90 },
  length: { min: 40, max: 110 },
  sleeve: { min: 10, max: 100 },
};

/** One of its category's sizes; a size the chart does not offer has no row. */
export type SizeChartRow = { size: string } & Record<SizeMeasure, number>;

/** A chart's categories among the stored ones: those sold in sizes, not packs. */
export const apparelCategories = (categories: readonly Category[]) =>
  categories.filter((category) => category.kind === "apparel");

const apparelCategory = (categories: readonly Category[], value: unknown) => {
  const category = findCategory(categories, value);
  return category?.kind === "apparel" ? category : undefined;
};

/** The form's field names: `chart-M-chest` is size M's chest. */
export const sizeChartField = (size: string, measure: SizeMeasure) => `chart-${size}-${measure}`;

export const sizeChartMessages = {
  category: "Choose a category sold in sizes.",
  incomplete: "Give all three measurements, or leave the size blank if it is not offered.",
  measure: (measure: SizeMeasure) =>
    `Give the ${measure} in whole centimetres, from ${sizeMeasureLimits[measure].min} to ${sizeMeasureLimits[measure].max}.`,
  saved: "Saved. Product pages of this category show the new chart now.",
} as const;

export type SizeChartInput = { category: CategorySlug; rows: SizeChartRow[] };

/**
 * A category's chart form over its posted fields: a row per size of the category, blank for a size not offered,
 * each measurement in whole centimetres within its limits. Every field's message at once.
 */
export const sizeChartFormSchema = (categories: readonly Category[]) =>
  z.pipe(
    z.record(z.string(), z.unknown()),
    z.transform((fields, context): SizeChartInput => {
      const refuse = (path: string, message: string) => addIssue(context, message, path);
      const category = apparelCategory(categories, clean(fields.category));
      if (!category) refuse("category", sizeChartMessages.category);
      const rows: SizeChartRow[] = [];
      for (const size of category ? sizesOf(category) : []) {
        const posted = sizeMeasures.map((measure) => ({
          measure,
          name: sizeChartField(size, measure),
          text: clean(fields[sizeChartField(size, measure)]),
        }));
        if (posted.every((field) => field.text === "")) continue;
        const row: Partial<SizeChartRow> = { size };
        for (const { measure, name, text } of posted) {
          const value = parseWholeNumber(text, sizeMeasureLimits[measure]);
          if (text === "") refuse(name, sizeChartMessages.incomplete);
          else if (value === null) refuse(name, sizeChartMessages.measure(measure));
          else row[measure] = value;
        }
        if (sizeMeasures.every((measure) => row[measure] !== undefined)) rows.push(row as SizeChartRow);
      }
      return category ? { category: category.slug, rows } : z.NEVER;
    }),
  );

/** The browser's check of the chart form, with the server's messages. */
export const sizeChartFormErrors = (categories: readonly Category[]) => fieldErrorsOf(sizeChartFormSchema(categories));

/** A posted chart form, parsed once: the category's rows, or each field's message. */
export function parseSizeChartForm(fields: Record<string, unknown>, categories: readonly Category[]) {
  return parseFormValues(sizeChartFormSchema(categories), fields);
}

/** The chart's rows for the sizes a product is sold in, smallest first; empty when it shows no guide. */
export function sizeGuideRows(chart: readonly SizeChartRow[], sizes: readonly string[]): SizeChartRow[] {
  return chart.filter((row) => sizes.includes(row.size));
}

function clean(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}
