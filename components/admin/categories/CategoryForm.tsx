"use client";

import { useActionState } from "react";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SelectField } from "@/components/ui/SelectField";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { TextAreaField } from "@/components/ui/TextAreaField";
import { initialFormState } from "@/components/ui/form-state";
import { useFormRules, type LoadRules } from "@/components/ui/use-form-rules";
import { categoryKindLabels, categoryLimits } from "@/lib/catalog/category-input";
import { ageGroups, sizeListFields, sizeListLabels } from "@/lib/catalog/sizes";
import type { StaffCategory } from "@/lib/catalog/category-queries";
import { maxSlugLength } from "@/lib/core/slugs";
import { categoryKinds, taxClasses } from "@/lib/db/values";
import { taxClassLabels } from "@/lib/tax/items";
import { saveCategoryAction } from "./actions";

const rules: LoadRules = () => import("@/lib/catalog/category-input").then((module) => module.categoryFormErrors);

/**
 * A category's name, address, description, kind, apparel's sizes and its goods' class on tax invoices; the same
 * form creates one (`category` null) and edits one, whose kind is fixed while it holds products.
 */
export function CategoryForm({ category }: { category: StaffCategory | null }) {
  const [state, action] = useActionState(saveCategoryAction, initialFormState);
  const { formProps, errorFor } = useFormRules(rules, state);
  const value = (name: "name" | "slug" | "description" | "kind" | "taxClass") => state.values[name] ?? category?.[name] ?? "";
  const sizes = (name: "kidsSizes" | "adultSizes") => state.values[name] ?? category?.[name].join(", ") ?? "";
  const kindLocked = category !== null && category.productCount > 0;
  return (
    <form {...formProps} key={state.submission} action={action} aria-label="Category" className="flex max-w-2xl flex-col gap-3">
      {category && <input type="hidden" name="categoryId" value={category.id} />}
      <FormMessage message={state.message} ok={state.ok} />
      <Field
        id="category-name"
        name="name"
        label="Name"
        defaultValue={value("name")}
        minLength={categoryLimits.name.min}
        maxLength={categoryLimits.name.max}
        error={errorFor("name")}
      />
      <Field
        id="category-slug"
        name="slug"
        label="Address (/categories/…)"
        hint={category ? "A new address keeps the old one leading here." : undefined}
        defaultValue={value("slug")}
        maxLength={maxSlugLength}
        pattern="[a-z0-9]+(-[a-z0-9]+)*"
        autoComplete="off"
        error={errorFor("slug")}
      />
      <TextAreaField
        id="category-description"
        name="description"
        label="Description (the page's summary for shoppers and search engines)"
        rows={3}
        minLength={categoryLimits.description.min}
        maxLength={categoryLimits.description.max}
        defaultValue={value("description")}
        error={errorFor("description")}
      />
      {kindLocked ? (
        // Its products' variants are of this kind: shown, and posted unchanged.
        <>
          <input type="hidden" name="kind" value={category.kind} />
          <p className="text-sm text-stone-700">
            Products vary by: {categoryKindLabels[category.kind]} (fixed while it holds products).
          </p>
        </>
      ) : (
        <SelectField
          id="category-kind"
          name="kind"
          label="Its products vary by"
          defaultValue={value("kind") || "apparel"}
          options={categoryKinds.map((kind) => ({ value: kind, label: categoryKindLabels[kind] }))}
          error={errorFor("kind")}
        />
      )}
      {ageGroups.map((group) => (
        <Field
          key={group}
          id={`category-${group}-sizes`}
          name={sizeListFields[group]}
          label={`${sizeListLabels[group]} (apparel)`}
          hint="Smallest first, separated by commas. Leave empty if none."
          defaultValue={sizes(sizeListFields[group])}
          required={false}
          autoComplete="off"
          error={errorFor(sizeListFields[group])}
        />
      ))}
      <SelectField
        id="category-tax-class"
        name="taxClass"
        label="Its goods on tax invoices"
        hint="The class KRA is told for every item sold from this category."
        defaultValue={value("taxClass")}
        placeholder={{ value: "", label: "Choose…" }}
        options={taxClasses.map((taxClass) => ({ value: taxClass, label: taxClassLabels[taxClass] }))}
        error={errorFor("taxClass")}
        required
      />
      <div className="max-w-xs">
        <SubmitButton pendingText="Saving…">{category ? "Save changes" : "Create category"}</SubmitButton>
      </div>
    </form>
  );
}
