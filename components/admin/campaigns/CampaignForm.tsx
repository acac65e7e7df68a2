"use client";

import { useActionState } from "react";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SelectField, type SelectOption } from "@/components/ui/SelectField";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import type { Category } from "@/lib/catalog/categories";
import { campaignSources, campaignTargetKinds } from "@/lib/db/values";
import { useFormRules, type LoadRules } from "@/components/ui/use-form-rules";
import { campaignNameRule, campaignSourceLabels, campaignTargetLabels } from "@/lib/marketing/campaign-rules";
import { createCampaignAction } from "./actions";

type Props = { products: { id: number; name: string }[]; categories: Pick<Category, "slug" | "name">[] };

const rules: LoadRules = () => import("@/lib/marketing/campaign-rules").then((module) => module.campaignFormErrors);

/** A new campaign link: its name, where it is shared and where it leads (the field for the chosen target counts). */
export function CampaignForm({ products, categories }: Props) {
  const [state, action] = useActionState(createCampaignAction, initialFormState);
  const { formProps, errorFor } = useFormRules(rules, state);
  const { values } = state;
  const select = (name: string, label: string, options: SelectOption[]) => (
    <SelectField
      id={`campaign-${name}`}
      name={name}
      label={label}
      defaultValue={values[name] ?? ""}
      placeholder={{ value: "", label: "Choose…" }}
      options={options}
      error={errorFor(name)}
    />
  );
  return (
    // Rebuilt with each answer, so the selects show the values it sent back.
    <form {...formProps} key={state.submission} action={action} className="grid max-w-3xl gap-3 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <FormMessage message={state.message} ok={state.ok} />
      </div>
      <Field
        id="campaign-name"
        name="name"
        label="Campaign name (like whatsapp-december)"
        pattern={campaignNameRule.pattern}
        maxLength={campaignNameRule.maxLength}
        title={campaignNameRule.message}
        defaultValue={values.name ?? ""}
        error={errorFor("name")}
      />
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
        "Product (for a product link)",
        products.map((product) => ({ value: String(product.id), label: product.name })),
      )}
      {select(
        "category",
        "Category (for a category link)",
        categories.map((category) => ({ value: category.slug, label: category.name })),
      )}
      <div className="self-end sm:col-span-2 sm:max-w-xs">
        <SubmitButton pendingText="Creating…">Create link</SubmitButton>
      </div>
    </form>
  );
}
