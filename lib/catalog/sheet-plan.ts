/**
 * What a catalog spreadsheet would change, as the preview shows it and 'Apply' carries out: stored
 * with the import (catalog_imports.plan), so that applying changes exactly what the admin saw, and
 * refuses a row whose stock moved since. Framework-free.
 */
import type { ProductStatus } from "@/lib/db/values";
import { formatKsh } from "./price";
import type { RefusedRow } from "./sheet-check";

export type { RefusedRow };

type Change<T> = { from: T; to: T };

/** An existing variant's changes; `stock.from` is the level the preview saw. */
export type VariantUpdate = {
  row: number;
  sku: string;
  variantId: number;
  productId: number;
  slug: string;
  /** Its name beside the product ('M · Black'), after the change. */
  label: string;
  price: Change<number> | null;
  stock: Change<number> | null;
  /** A new size, colour or pack size, and its old name. */
  option: { from: string; size: string | null; colour: string | null; packSize: number | null } | null;
};

/** An existing product's own changes, in the words of its history. */
export type ProductUpdate = {
  productId: number;
  slug: string;
  name: string;
  description: string;
  status: ProductStatus;
  /** 'Name: Old → New', 'Description edited', 'Status: Draft → Published'. */
  changes: string[];
};

/** A variant to add, to an existing product (productId) or to a new one (its slug). */
export type NewVariant = {
  row: number;
  sku: string;
  productId: number | null;
  slug: string;
  label: string;
  size: string | null;
  colour: string | null;
  packSize: number | null;
  price: number;
  stock: number;
};

export type NewProduct = {
  slug: string;
  name: string;
  description: string;
  category: string;
  /** Published only when its rows say so; otherwise a draft. */
  status: ProductStatus;
};

export type SheetPlan = {
  /** Data rows read. */
  rows: number;
  updates: VariantUpdate[];
  products: ProductUpdate[];
  newProducts: NewProduct[];
  newVariants: NewVariant[];
  refused: RefusedRow[];
};

/** Whether applying the plan would change anything. */
export const changesSomething = (plan: SheetPlan) =>
  plan.updates.length + plan.products.length + plan.newProducts.length + plan.newVariants.length > 0;

/** The history's words for an existing variant's changes. */
export function variantChanges(update: VariantUpdate): string[] {
  const changes: string[] = [];
  if (update.option) changes.push(`Variant ${update.option.from} renamed ${update.label}`);
  if (update.price) changes.push(`Price of ${update.label}: ${formatKsh(update.price.from)} → ${formatKsh(update.price.to)}`);
  return changes;
}
