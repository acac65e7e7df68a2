"use client";

import { useActionState, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { Field, FieldMessage, controlClass } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import { variantLabel } from "@/lib/core/variant-label";
import { categories, type CategorySlug } from "@/lib/catalog/categories";
import { apparelSizes, productLimits, productStatusLabels, variantField, variantKind } from "@/lib/catalog/product-input";
import { productStatuses } from "@/lib/db/values";
import type { Variant } from "@/lib/catalog/queries";
import type { StaffProduct } from "@/lib/catalog/staff-products";
import { saveProductAction, type ProductFormState } from "./actions";

/** What the form edits of a product (the page passes the whole StaffProduct). */
export type EditableProduct = Omit<StaffProduct, "archivedVariants" | "history">;
type EditableVariant = Variant;

/** Blank rows for new variants: a new product usually needs several, an edit one or two. */
const blankRows = { create: 4, edit: 2 };

/** A product's fields and its variants; the same form creates a product (`product` null) and edits one. */
export function ProductForm({ product }: { product: EditableProduct | null }) {
  const [state, action, pending] = useActionState(saveProductAction, initialFormState as ProductFormState);
  return (
    <form action={action} aria-label="Product" className="flex flex-col gap-4">
      {product && <input type="hidden" name="productId" value={product.id} />}
      <FormMessage message={state.message} ok={state.ok} />
      {/* Rebuilt with each answer, so every control (selects too) shows what was saved or sent. */}
      <ProductFields key={state.submission ?? 0} product={product} state={state} />
      <div className="max-w-xs">
        <SubmitButton pending={pending} pendingText="Saving…">
          {product ? "Save changes" : "Create product"}
        </SubmitButton>
      </div>
    </form>
  );
}

function ProductFields({ product, state }: { product: EditableProduct | null; state: ProductFormState }) {
  const value = (name: string, fallback: string | number | null | undefined) => state.values[name] ?? String(fallback ?? "");
  const [category, setCategory] = useState(value("category", product?.category ?? "hoodies") as CategorySlug);
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
          error={state.errors.name}
        />
        <Field
          name="slug"
          label={product ? "Address (/products/…)" : "Address (/products/…), made from the name if left empty"}
          defaultValue={value("slug", product?.slug)}
          required={product !== null}
          maxLength={productLimits.slug.max}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          autoComplete="off"
          error={state.errors.slug}
        />
        <Choice name="category" label="Category" error={state.errors.category}>
          <select
            id="category"
            name="category"
            value={category}
            onChange={(event) => setCategory(event.target.value as CategorySlug)}
            className={controlClass}
          >
            {categories.map((option) => (
              <option key={option.slug} value={option.slug}>
                {option.label}
              </option>
            ))}
          </select>
        </Choice>
        <Choice name="status" label="Status" error={state.errors.status}>
          <select id="status" name="status" defaultValue={value("status", product?.status ?? "draft")} className={controlClass}>
            {productStatuses.map((status) => (
              <option key={status} value={status}>
                {productStatusLabels[status]}
              </option>
            ))}
          </select>
        </Choice>
      </div>
      <Choice name="description" label="Description" error={state.errors.description}>
        <textarea
          id="description"
          name="description"
          rows={5}
          required
          minLength={productLimits.description.min}
          maxLength={productLimits.description.max}
          defaultValue={value("description", product?.description)}
          aria-invalid={state.errors.description ? true : undefined}
          aria-describedby="description-error"
          className={controlClass}
        />
      </Choice>
      <fieldset className="flex flex-col gap-3" aria-describedby="variants-error">
        <legend className="mb-1 text-lg font-semibold text-stone-900">Variants</legend>
        <p className="text-sm text-stone-700">
          {variantKind(category) === "pack" ? "Each pack size with its price. " : "Each size and colour with its price. "}
          Fill a blank row to add a variant. Stock of existing variants changes under Stock, with a reason.
        </p>
        <FieldMessage id="variants-error" error={state.errors.variants} />
        {rows.map((variant, row) => (
          <VariantRow
            key={variant?.id ?? `new-${row}`}
            row={row}
            variant={variant}
            category={category}
            value={value}
            errors={state.errors}
          />
        ))}
      </fieldset>
    </>
  );
}

/** A labelled control other than a text input (a select, a textarea), with its message. */
function Choice({ name, label, error, children }: { name: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={name} className="text-sm font-medium text-stone-900">
        {label}
      </label>
      {children}
      <FieldMessage id={`${name}-error`} error={error} />
    </div>
  );
}

type RowProps = {
  row: number;
  variant: EditableVariant | null;
  category: CategorySlug;
  value: (name: string, fallback: string | number | null | undefined) => string;
  errors: Partial<Record<string, string>>;
};

/** One variant: its option (a size and colour, or a pack size) and price; a new one also its opening stock. */
function VariantRow({ row, variant, category, value, errors }: RowProps) {
  const name = (field: Parameters<typeof variantField>[1]) => variantField(row, field);
  const title = variant ? `Variant ${variantLabel(variant)}` : `New variant ${row + 1}`;
  const input = (
    field: "colour" | "packSize" | "price" | "stock",
    label: string,
    props: InputHTMLAttributes<HTMLInputElement>,
  ) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={name(field)} className="text-sm text-stone-900">
        {label}
      </label>
      <input
        id={name(field)}
        name={name(field)}
        defaultValue={value(name(field), field === "stock" ? "" : variant?.[field])}
        aria-invalid={errors[name(field)] ? true : undefined}
        aria-describedby={`${name(field)}-error`}
        className={controlClass}
        {...props}
      />
      <FieldMessage id={`${name(field)}-error`} error={errors[name(field)]} />
    </div>
  );
  const required = variant !== null;
  return (
    <fieldset className="grid gap-x-3 rounded-lg border border-stone-200 p-3 sm:grid-cols-4" data-testid="variant-row">
      <legend className="px-1 text-sm font-semibold text-stone-900">{title}</legend>
      {variant && <input type="hidden" name={name("id")} value={variant.id} />}
      {variantKind(category) === "pack" ? (
        input("packSize", "Bags per pack", {
          type: "number",
          min: productLimits.packSize.min,
          max: productLimits.packSize.max,
          required,
        })
      ) : (
        <>
          <div className="flex flex-col gap-1">
            <label htmlFor={name("size")} className="text-sm text-stone-900">
              Size
            </label>
            <select
              id={name("size")}
              name={name("size")}
              defaultValue={value(name("size"), variant?.size)}
              required={required}
              aria-invalid={errors[name("size")] ? true : undefined}
              aria-describedby={`${name("size")}-error`}
              className={controlClass}
            >
              <option value="">Choose</option>
              {apparelSizes.map((size) => (
                <option key={size}>{size}</option>
              ))}
            </select>
            <FieldMessage id={`${name("size")}-error`} error={errors[name("size")]} />
          </div>
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
