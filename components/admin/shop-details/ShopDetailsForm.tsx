"use client";

import type { InputHTMLAttributes } from "react";
import { useActionState } from "react";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { startingFormState } from "@/components/ui/form-state";
import { useFormRules, type LoadRules } from "@/components/ui/use-form-rules";
import { PHONE_PATTERN, SHOP_DETAILS_MAX_LENGTH, type ShopDetailsField } from "@/lib/shop-details/rules";
import type { ShopDetails } from "@/lib/site";
import { saveShopDetailsAction } from "./actions";

const rules: LoadRules = () => import("@/lib/shop-details/rules").then((module) => module.shopDetailsErrors);

type FieldSpec = { label: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>;

const phone = { type: "tel", pattern: PHONE_PATTERN };
const social = (site: string): FieldSpec => ({
  label: `${site} page`,
  type: "url",
  required: false,
  hint: "Leave empty if the shop has none.",
});

const fields: Record<ShopDetailsField, FieldSpec> = {
  phone: { ...phone, label: "Phone" },
  whatsapp: { ...phone, label: "WhatsApp number" },
  email: { label: "E-mail", type: "email" },
  street: { label: "Street and building" },
  city: { label: "Town or city" },
  hours: { label: "Opening hours", hint: "As shoppers read it: Monday to Saturday, 8 am to 6 pm." },
  instagram: social("Instagram"),
  facebook: social("Facebook"),
  x: social("X"),
};

/** How shoppers reach the shop, as the footer, the Contact page, e-mails and new invoices show it. */
export function ShopDetailsForm({ details }: { details: ShopDetails }) {
  const [state, action] = useActionState(
    saveShopDetailsAction,
    startingFormState(Object.fromEntries(Object.entries(details).map(([field, value]) => [field, value ?? ""]))),
  );
  const { formProps, errorFor } = useFormRules(rules, state);
  return (
    <form {...formProps} action={action} aria-label="Shop details" className="max-w-2xl space-y-3">
      <FormMessage message={state.message} ok={state.ok} />
      <div key={state.submission} className="grid gap-x-3 sm:grid-cols-2">
        {(Object.entries(fields) as [ShopDetailsField, FieldSpec][]).map(([name, { label, ...input }]) => (
          <Field
            key={name}
            name={name}
            label={label}
            maxLength={SHOP_DETAILS_MAX_LENGTH[name]}
            defaultValue={state.values[name]}
            error={errorFor(name)}
            {...input}
          />
        ))}
      </div>
      <SubmitButton>Save shop details</SubmitButton>
    </form>
  );
}
