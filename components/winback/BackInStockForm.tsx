"use client";

import { useActionState } from "react";
import { useViewer } from "@/components/layout/use-viewer";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SelectField } from "@/components/ui/SelectField";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState } from "@/components/ui/form-state";
import { backInStockCopy } from "@/lib/stock/back-in-stock-copy";
import { CONTACT_MAX_LENGTH } from "@/lib/winback/contact-rules";
import { requestBackInStockAction } from "./actions";

/**
 * 'Tell me when it's back' under a product's purchase form, for its sold-out options. A plain form
 * (the page comes back with the answer without JavaScript); a signed-in shopper finds their phone
 * or e-mail address filled in, once the header's visitor has loaded.
 */
export function BackInStockForm({ soldOut, smsOffered }: { soldOut: { id: number; label: string }[]; smsOffered: boolean }) {
  const [state, action] = useActionState(requestBackInStockAction, initialFormState);
  const prefill = useViewer()?.user?.contact ?? "";
  const [only] = soldOut;
  return (
    <form
      action={action}
      aria-labelledby="back-in-stock-title"
      className="mt-6 flex flex-col gap-3 rounded-lg border border-stone-300 p-4"
    >
      <h2 id="back-in-stock-title" className="text-lg font-semibold text-stone-900">
        {backInStockCopy.title}
      </h2>
      <FormMessage message={state.message} ok={state.ok} />
      {soldOut.length === 1 ? (
        <input type="hidden" name="variantId" value={only.id} />
      ) : (
        <SelectField
          key={`variant-${state.submission}`}
          name="variantId"
          label={backInStockCopy.variantLabel}
          options={soldOut.map((variant) => ({ value: String(variant.id), label: variant.label }))}
          defaultValue={state.values.variantId}
        />
      )}
      <Field
        key={`contact-${state.submission}-${prefill}`}
        name="contact"
        label={smsOffered ? backInStockCopy.contactLabel : backInStockCopy.emailLabel}
        type={smsOffered ? "text" : "email"}
        autoComplete={smsOffered ? "tel" : "email"}
        maxLength={CONTACT_MAX_LENGTH}
        hint={smsOffered ? backInStockCopy.contactHint : backInStockCopy.emailOnlyHint}
        defaultValue={state.values.contact ?? prefill}
        error={state.errors.contact}
      />
      <SubmitButton look="secondary" className="self-start" pendingText={backInStockCopy.pending}>
        {backInStockCopy.submit}
      </SubmitButton>
    </form>
  );
}
