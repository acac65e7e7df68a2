"use client";

import { useActionState } from "react";
import { ChoiceGroup } from "@/components/ui/ChoiceGroup";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { TextAreaField } from "@/components/ui/TextAreaField";
import { initialFormState } from "@/components/ui/form-state";
import { orderLinkParam } from "@/lib/orders/status";
import {
  REVIEW_BODY_MAX_LENGTH,
  REVIEW_TITLE_MAX_LENGTH,
  STARS,
  reviewFields,
  starsDrawn,
  starsLabel,
} from "@/lib/reviews/labels";
import { postReviewAction } from "./actions";

/**
 * 'Review this item' for one order line, opened from its summary: the stars, a title and the text.
 * Its answer shows above it; once the review is `written`, what it says replaces the form (the answer
 * stays, as this component stays mounted when the page renders again).
 */
export function ReviewForm({
  number,
  linkKey,
  line,
  written,
}: {
  number: string;
  linkKey?: string;
  line: { id: number; name: string };
  written: string | null;
}) {
  const [state, action] = useActionState(postReviewAction, initialFormState);
  const fields = reviewFields(line.id);
  return (
    <div className="flex flex-col gap-3">
      <FormMessage message={state.message} ok={state.ok} />
      {written && <p className="text-stone-800">{written}</p>}
      {!written && (
        <details open={state.submission > 0}>
          <summary className="cursor-pointer rounded font-medium text-green-800 underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-green-800">
            Review {line.name}
          </summary>
          <form key={state.submission} action={action} aria-label={`Review ${line.name}`} className="mt-3 flex flex-col gap-4">
            <input type="hidden" name="number" value={number} />
            {linkKey && <input type="hidden" name={orderLinkParam} value={linkKey} />}
            <input type="hidden" name="line" value={line.id} />
            <ChoiceGroup
              name={fields.rating}
              legend="Your rating"
              legendVisible
              error={state.errors[fields.rating]}
              choices={STARS.map((stars) => ({ value: String(stars), label: `${starsDrawn(stars)} ${starsLabel(stars)}` }))}
            />
            <Field
              name={fields.title}
              label="Title (optional)"
              maxLength={REVIEW_TITLE_MAX_LENGTH}
              required={false}
              defaultValue={state.values[fields.title] ?? ""}
              error={state.errors[fields.title]}
            />
            <TextAreaField
              name={fields.body}
              label="Your review (optional)"
              hint="No links, please. We show your first name and the initial of your last name."
              maxLength={REVIEW_BODY_MAX_LENGTH}
              defaultValue={state.values[fields.body] ?? ""}
              error={state.errors[fields.body]}
              rows={4}
            />
            <SubmitButton pendingText="Sending…">Send review</SubmitButton>
          </form>
        </details>
      )}
    </div>
  );
}
