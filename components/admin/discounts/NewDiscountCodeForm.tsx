"use client";

import { useActionState, useMemo } from "react";
import { CheckboxField } from "@/components/ui/CheckboxField";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SelectField, type SelectOption } from "@/components/ui/SelectField";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import { useFormRules, type LoadRules } from "@/components/ui/use-form-rules";
import type { Category } from "@/lib/catalog/categories";
import { discountKinds, discountScopes } from "@/lib/db/values";
import { oncePerShopperHint } from "@/lib/discounts/rules";
import { discountKindLabels, discountScopeLabels } from "@/lib/discounts/code-input";
import { createDiscountCodeAction } from "./actions";

type Choice = { id: number; name: string };
/** `startsNow`: the page's time in Nairobi ('YYYY-MM-DDTHH:MM'), the start a new code defaults to. */
type Props = { products: Choice[]; campaigns: Choice[]; categories: Category[]; startsNow: string };

/** A new discount code: kind and amount, its limits, its scope, its period in Nairobi time and an optional campaign. */
export function NewDiscountCodeForm({ products, campaigns, categories, startsNow }: Props) {
  const [state, action] = useActionState(createDiscountCodeAction, initialFormState);
  const rules = useMemo<LoadRules>(
    () => () => import("@/lib/discounts/code-input").then((module) => module.discountCodeFormErrors(categories)),
    [categories],
  );
  const { formProps, errorFor } = useFormRules(rules, state);
  const { values } = state;
  const text = (name: string, label: string, extra: Record<string, string | boolean> = {}) => (
    <Field
      id={`discount-${name}`}
      name={name}
      label={label}
      defaultValue={values[name] ?? ""}
      error={errorFor(name)}
      {...extra}
    />
  );
  const select = (name: string, label: string, options: SelectOption[], extra: Record<string, string | boolean> = {}) => (
    <SelectField
      id={`discount-${name}`}
      name={name}
      label={label}
      defaultValue={values[name] ?? ""}
      options={options}
      error={errorFor(name)}
      {...extra}
    />
  );
  const choices = (rows: Choice[]) => rows.map((row) => ({ value: String(row.id), label: row.name }));
  return (
    // Rebuilt with each answer, so the selects show the values it sent back.
    <form {...formProps} key={state.submission} action={action} className="grid max-w-3xl gap-3 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <FormMessage message={state.message} ok={state.ok} />
      </div>
      {text("code", "Code (like KARIBU10)", { maxLength: "32", autoComplete: "off" })}
      {select(
        "kind",
        "Kind",
        discountKinds.map((kind) => ({ value: kind, label: discountKindLabels[kind] })),
      )}
      {text("value", "Percentage or amount (KSh)", { inputMode: "numeric" })}
      {text("minSubtotal", "Minimum subtotal (KSh, optional)", { inputMode: "numeric", required: false })}
      {text("startsAt", "Starts (Nairobi time)", {
        type: "datetime-local",
        required: false,
        defaultValue: values.startsAt ?? startsNow,
      })}
      {text("endsAt", "Ends (Nairobi time, optional)", { type: "datetime-local", required: false })}
      {text("maxUses", "Total uses (optional)", { inputMode: "numeric", required: false })}
      {select("campaignId", "Campaign (optional)", [{ value: "", label: "None" }, ...choices(campaigns)], { required: false })}
      {select(
        "scope",
        "Applies to",
        discountScopes.map((scope) => ({ value: scope, label: discountScopeLabels[scope] })),
      )}
      {select("productIds", "Products (for some products)", choices(products), { multiple: true, defaultValue: "" })}
      {select(
        "categories",
        "Categories (for some categories)",
        categories.map((category) => ({ value: category.slug, label: category.name })),
        { multiple: true, defaultValue: "" },
      )}
      <div className="self-end">
        <CheckboxField
          name="oncePerShopper"
          label="Once per shopper"
          hint={oncePerShopperHint}
          defaultChecked={values.oncePerShopper === "on"}
        />
      </div>
      <div className="self-end sm:col-span-2 sm:max-w-xs">
        <SubmitButton pendingText="Creating…">Create code</SubmitButton>
      </div>
    </form>
  );
}
