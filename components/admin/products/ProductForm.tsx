"use client";

import { useActionState, useMemo, useState, type InputHTMLAttributes } from "react";
import { Field, FieldMessage } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { SelectField } from "@/components/ui/SelectField";
import { TextAreaField } from "@/components/ui/TextAreaField";
import { initialFormState, type FormState } from "@/components/ui/form-state";
import { useFormRules, type LoadRules } from "@/components/ui/use-form-rules";
import { variantLabel } from "@/lib/core/variant-label";
import { findCategory, type Category, type CategorySlug } from "@/lib/catalog/categories";
import { productLimits, productStatusLabels, variantField } from "@/lib/catalog/product-input";
import { productStatuses } from "@/lib/db/values";
import { sizesOf } from "@/lib/catalog/sizes";
import type { Variant } from "@/lib/catalog/queries";
import type { StaffProduct } from "@/lib/catalog/staff-products";
import { saveProductAction } from "./actions";

/** What the form edits of a product (the page passes the whole StaffProduct). */
export type EditableProduct = Omit<StaffProduct, "archivedVariants" | "history">;
type EditableVariant = Variant;

/** Blank rows for new variants: a new product usually needs several, an edit one or two. */
const blankRows = { create: 4, edit: 2 };

type CategoryKind = Category["kind"];

/**
 * A product's fields and its variants; the same form creates a product (`product` null) and edits
 * one, in any of the stored `categories`.
 */
export function ProductForm({ product, categories }: { product: EditableProduct | null; categories: Category[] }) {
  const [state, action] = useActionState(saveProductAction, initialFormState);
  const rules = useMemo<LoadRules>(
    () => () => import("@/lib/catalog/product-input").then((module) => module.productFormErrors(categories)),
    [categories],
  );
  const { formProps, errorFor } = useFormRules(rules, state);
  return (
    <form {...formProps} action={action} aria-label="Product" className="flex flex-col gap-4">
      {product && <input type="hidden" name="productId" value={product.id} />}
      <FormMessage message={state.message} ok={state.ok} />
      {/* Rebuilt with each answer, so every control (selects too) shows what was saved or sent. */}
      <ProductFields key={state.submission} product={product} categories={categories} state={state} errorFor={errorFor} />
      <div className="max-w-xs">
        <SubmitButton pendingText="Saving…">{product ? "Save changes" : "Create product"}</SubmitButton>
      </div>
    </form>
  );
}

type ErrorFor = (name: string) => string | undefined;

type FieldsProps = { product: EditableProduct | null; categories: Category[]; state: FormState; errorFor: ErrorFor };

function ProductFields({ product, categories, state, errorFor }: FieldsProps) {
  const value = (name: string, fallback: string | number | null | undefined) => state.values[name] ?? String(fallback ?? "");
  const [category, setCategory] = useState<CategorySlug>(value("category", product?.category ?? categories[0]?.slug));
  const chosen = findCategory(categories, category);
  const kind: CategoryKind = chosen?.kind ?? "apparel";
  const sizes = chosen ? sizesOf(chosen) : [];
  const rows: (EditableVariant | null)[] = [
    ...(product?.variants ?? []),
    ...Array<null>(product ? blankRows.edit : blankRows.create).fill(null),
  ];

  return (
    <>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          name="name"
          label="Name"
          defaultValue={value("name", product?.name)}
          minLength={productLimits.name.min}
          maxLength={productLimits.name.max}
          error={errorFor("name")}
        />
        <Field
          name="slug"
          label={product ? "Address (/products/…)" : "Address (/products/…), made from the name if left empty"}
          defaultValue={value("slug", product?.slug)}
          required={product !== null}
          maxLength={productLimits.slug.max}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          autoComplete="off"
          error={errorFor("slug")}
        />
        <SelectField
          name="category"
          label="Category"
          value={category}
          onChange={(event) => setCategory(event.target.value)}
          options={categories.map((option) => ({ value: option.slug, label: option.name }))}
          error={errorFor("category")}
        />
        <SelectField
          name="status"
          label="Status"
          defaultValue={value("status", product?.status ?? "draft")}
          options={productStatuses.map((status) => ({ value: status, label: productStatusLabels[status] }))}
          error={errorFor("status")}
        />
      </div>
      <TextAreaField
        name="description"
        label="Description"
        rows={5}
        required
        minLength={productLimits.description.min}
        maxLength={productLimits.description.max}
        defaultValue={value("description", product?.description)}
        error={errorFor("description")}
      />
      <fieldset className="flex flex-col gap-3" aria-describedby="variants-error">
        <legend className="mb-1 text-lg font-semibold text-stone-900">Variants</legend>
        <p className="text-sm text-stone-700">
          {kind === "pack" ? "Each pack size with its price. " : "Each size and colour with its price. "}
          Fill a blank row to add a variant. Stock of existing variants changes under Stock, with a reason.
        </p>
        <FieldMessage id="variants-error" error={errorFor("variants")} />
        {rows.map((variant, row) => (
          <VariantRow
            key={variant?.id ?? `new-${row}`}
            row={row}
            variant={variant}
            kind={kind}
            sizes={sizes}
            value={value}
            errorFor={errorFor}
          />
        ))}
      </fieldset>
    </>
  );
}

type RowProps = {
  row: number;
  variant: EditableVariant | null;
  kind: CategoryKind;
  /** The category's sizes, in its order. */
  sizes: string[];
  value: (name: string, fallback: string | number | null | undefined) => string;
  errorFor: ErrorFor;
};

/** One variant: its option (a size and colour, or a pack size) and price; a new one also its opening stock. */
function VariantRow({ row, variant, kind, sizes, value, errorFor }: RowProps) {
  const name = (field: Parameters<typeof variantField>[1]) => variantField(row, field);
  const title = variant ? `Variant ${variantLabel(variant)}` : `New variant ${row + 1}`;
  const input = (
    field: "colour" | "packSize" | "price" | "stock",
    label: string,
    props: InputHTMLAttributes<HTMLInputElement>,
  ) => (
    <Field
      name={name(field)}
      label={label}
      required={false}
      defaultValue={value(name(field), field === "stock" ? "" : variant?.[field])}
      error={errorFor(name(field))}
      {...props}
    />
  );
  const required = variant !== null;
  return (
    <fieldset className="grid gap-x-3 rounded-lg border border-stone-200 p-3 sm:grid-cols-4" data-testid="variant-row">
      <legend className="px-1 text-sm font-semibold text-stone-900">{title}</legend>
      {variant && <input type="hidden" name={name("id")} value={variant.id} />}
      {kind === "pack" ? (
        input("packSize", "Bags per pack", {
          type: "number",
          min: productLimits.packSize.min,
          max: productLimits.packSize.max,
          required,
        })
      ) : (
        <>
          <SelectField
            name={name("size")}
            label="Size"
            defaultValue={value(name("size"), variant?.size)}
            required={required}
            placeholder={{ value: "", label: "Choose" }}
            options={sizes.map((size) => ({ value: size, label: size }))}
            error={errorFor(name("size"))}
          />
          {input("colour", "Colour", { maxLength: productLimits.colour.max, required })}
        </>
      )}
      {input("price", "Price (KSh)", {
        type: "number",
        inputMode: "numeric",
        min: productLimits.price.min,
        max: productLimits.price.max,
        step: 1,
        required,
      })}
      {variant ? (
        <div className="flex flex-col justify-between gap-1 pb-5 text-sm text-stone-800">
          <span>{variant.stock} in stock</span>
          <label className="flex items-center gap-2">
            <input type="checkbox" name={name("remove")} className="h-4 w-4 accent-green-800" />
            Remove
          </label>
        </div>
      ) : (
        input("stock", "Opening stock", { type: "number", inputMode: "numeric", min: 0, max: productLimits.stock.max, step: 1 })
      )}
    </fieldset>
  );
}
