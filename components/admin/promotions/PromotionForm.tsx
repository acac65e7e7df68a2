"use client";

import { useActionState } from "react";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { Field } from "@/components/ui/Field";
import { SelectField, type SelectOption } from "@/components/ui/SelectField";
import { initialFormState } from "@/components/ui/form-state";
import { defaultButtonLabel, promotionLimits, type Promotion } from "@/lib/marketing/promotion-rules";
import { publishAction, saveDraftAction } from "./actions";

/**
 * The promotion editor: the banner, then six slide slots (an empty image leaves a slot out; the
 * 'Position' fields set the order). Saving keeps a draft; 'Publish' puts the saved draft on the home page.
 */
export function PromotionForm({
  draft,
  products,
  images,
  links,
}: {
  draft: Promotion;
  products: SelectOption[];
  images: SelectOption[];
  links: SelectOption[];
}) {
  const [saved, save] = useActionState(saveDraftAction, initialFormState);
  const [published, publish] = useActionState(publishAction, initialFormState);
  const slots = Array.from({ length: promotionLimits.maxSlides }, (_, index) => draft.slides[index]);
  return (
    <div className="space-y-6">
      <form action={save} className="space-y-6">
        <FormMessage message={saved.message} ok={saved.ok} />
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 font-semibold">Banner</legend>
          {input("heading", "Heading", draft.banner.heading, promotionLimits.heading)}
          {input("blurb", "One-line blurb", draft.banner.blurb, promotionLimits.blurb)}
          {input(
            "buttonLabel",
            `Button label (${defaultButtonLabel} when empty)`,
            draft.banner.buttonLabel,
            promotionLimits.buttonLabel,
            false,
          )}
          {select("productSlug", "The product the button opens", draft.banner.productSlug, products, true)}
        </fieldset>
        {slots.map((slide, index) => (
          <fieldset key={index} className="grid gap-3 border-t border-stone-200 pt-4 sm:grid-cols-[6rem_1fr_1fr_1fr]">
            <legend className="mb-2 font-semibold">Slide {index + 1}</legend>
            {input(`slide${index}.position`, "Position", String(index + 1), 1, false, "number")}
            {select(`slide${index}.src`, "Image (none leaves the slide out)", slide?.src ?? "", images, false)}
            {input(`slide${index}.alt`, "Alt text", slide?.alt ?? "", promotionLimits.alt, false)}
            {select(`slide${index}.href`, "Links to", slide?.href ?? "", links, false)}
          </fieldset>
        ))}
        <div className="max-w-xs">
          <SubmitButton pendingText="Saving…">Save draft</SubmitButton>
        </div>
      </form>
      <form action={publish} className="space-y-3">
        <FormMessage message={published.message} ok={published.ok} />
        <SubmitButton pendingText="Publishing…" className="">
          Publish
        </SubmitButton>
      </form>
    </div>
  );
}

function input(name: string, label: string, value: string, maxLength: number, required = true, type = "text") {
  return (
    <Field
      name={name}
      label={label}
      type={type}
      defaultValue={value}
      required={required}
      {...(type === "number" ? { min: 1, max: promotionLimits.maxSlides } : { maxLength })}
    />
  );
}

function select(name: string, label: string, value: string, choices: SelectOption[], required: boolean) {
  return (
    <SelectField
      name={name}
      label={label}
      defaultValue={value}
      required={required}
      placeholder={{ value: "", label: required ? "Choose…" : "None" }}
      options={choices}
    />
  );
}
