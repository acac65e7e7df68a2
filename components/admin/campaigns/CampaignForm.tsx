"use client";

import { useActionState } from "react";
import { controlClass, FieldMessage } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import { categories } from "@/lib/catalog/categories";
import { campaignSources, campaignTargetKinds } from "@/lib/marketing/campaign-fields";
import { campaignNameRule, campaignSourceLabels, campaignTargetLabels } from "@/lib/marketing/campaign-rules";
import { createCampaignAction } from "./actions";

/** A new campaign link: its name, where it is shared and where it leads (the field for the chosen target counts). */
export function CampaignForm({ products }: { products: { id: number; name: string }[] }) {
  const [state, action, pending] = useActionState(createCampaignAction, initialFormState);
  const { errors, values } = state;
  const select = (name: string, label: string, options: { value: string; label: string }[], hint?: string) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`campaign-${name}`} className="text-sm font-medium">
        {label}
        {hint && <span className="font-normal text-stone-700"> {hint}</span>}
      </label>
      <select
        id={`campaign-${name}`}
        name={name}
        defaultValue={values[name] ?? ""}
        key={`${name}-${state.message ?? ""}`}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`campaign-${name}-error`}
        className={controlClass}
      >
        <option value="">Choose…</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessage id={`campaign-${name}-error`} error={errors[name]} />
    </div>
  );
  return (
    <form action={action} className="grid max-w-3xl gap-3 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <FormMessage message={state.message} ok={state.ok} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="campaign-name" className="text-sm font-medium">
          Campaign name <span className="font-normal text-stone-700">(like whatsapp-december)</span>
        </label>
        <input
          id="campaign-name"
          name="name"
          required
          pattern={campaignNameRule.pattern}
          maxLength={campaignNameRule.maxLength}
          title={campaignNameRule.message}
          defaultValue={values.name ?? ""}
          key={`name-${state.message ?? ""}`}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby="campaign-name-error"
          className={controlClass}
        />
        <FieldMessage id="campaign-name-error" error={errors.name} />
      </div>
      {select(
        "source",
        "Shared on",
        campaignSources.map((source) => ({ value: source, label: campaignSourceLabels[source] })),
      )}
      {select(
        "targetKind",
        "Leads to",
        campaignTargetKinds.map((kind) => ({ value: kind, label: campaignTargetLabels[kind] })),
      )}
      {select(
        "productId",
        "Product",
        products.map((product) => ({ value: String(product.id), label: product.name })),
        "(for a product link)",
      )}
      {select(
        "category",
        "Category",
        categories.map((category) => ({ value: category.slug, label: category.label })),
        "(for a category link)",
      )}
      <div className="self-end sm:col-span-2 sm:max-w-xs">
        <SubmitButton pending={pending} pendingText="Creating…">
          Create link
        </SubmitButton>
      </div>
    </form>
  );
}
