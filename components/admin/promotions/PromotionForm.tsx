"use client";

import { useActionState } from "react";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { controlClass } from "@/components/ui/Field";
import { buttonStyles } from "@/components/ui/button-styles";
import { defaultButtonLabel, promotionLimits, type Promotion } from "@/lib/marketing/promotion-rules";
import { publishAction, saveDraftAction } from "./actions";

type Choice = { value: string; label: string };

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
  products: Choice[];
  images: Choice[];
  links: Choice[];
}) {
  const [saved, save, saving] = useActionState(saveDraftAction, {});
  const [published, publish, publishing] = useActionState(publishAction, {});
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
          <SubmitButton pending={saving} pendingText="Saving…">
            Save draft
          </SubmitButton>
        </div>
      </form>
      <form action={publish} className="space-y-3">
        <FormMessage message={published.message} ok={published.ok} />
        <button type="submit" disabled={publishing} className={buttonStyles.primary}>
          {publishing ? "Publishing…" : "Publish"}
        </button>
      </form>
    </div>
  );
}

function input(name: string, label: string, value: string, maxLength: number, required = true, type = "text") {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={name} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={name}
        name={name}
        type={type}
        defaultValue={value}
        required={required}
        {...(type === "number" ? { min: 1, max: promotionLimits.maxSlides } : { maxLength })}
        className={controlClass}
      />
    </div>
  );
}

function select(name: string, label: string, value: string, choices: Choice[], required: boolean) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={name} className="text-sm font-medium">
        {label}
      </label>
      <select id={name} name={name} defaultValue={value} required={required} className={controlClass}>
        <option value="">{required ? "Choose…" : "None"}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
