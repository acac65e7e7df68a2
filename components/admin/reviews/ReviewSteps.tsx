"use client";

import { useActionState } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/FormMessage";
import { TextAreaField } from "@/components/ui/TextAreaField";
import { initialFormState } from "@/components/ui/form-state";
import type { ReviewStatus } from "@/lib/db/values";
import { REVIEW_REPLY_MAX_LENGTH } from "@/lib/reviews/labels";
import { moderateReviewAction } from "./actions";

/** A review's steps: publish or hide it (whichever it is not), and its one public reply. */
export function ReviewSteps({ reviewId, status, reply }: { reviewId: number; status: ReviewStatus; reply: string | null }) {
  const [state, action, pending] = useActionState(moderateReviewAction, initialFormState);
  const steps = (["publish", "hide"] as const).filter((step) =>
    step === "publish" ? status !== "published" : status !== "hidden",
  );
  return (
    <div className="flex flex-col gap-3">
      <FormMessage message={state.message} ok={state.ok} />
      <div className="flex flex-wrap gap-2">
        {steps.map((step) => (
          <form key={step} action={action}>
            <input type="hidden" name="reviewId" value={reviewId} />
            <input type="hidden" name="step" value={step} />
            <button
              type="submit"
              disabled={pending}
              className={step === "publish" ? buttonStyles.primary : buttonStyles.secondary}
            >
              {step === "publish" ? "Publish" : "Hide"}
            </button>
          </form>
        ))}
      </div>
      <form
        key={state.submission}
        action={action}
        aria-label={`Reply to review ${reviewId}`}
        className="flex max-w-xl flex-col gap-2"
      >
        <input type="hidden" name="reviewId" value={reviewId} />
        <input type="hidden" name="step" value="reply" />
        <TextAreaField
          id={`reply-${reviewId}`}
          name="reply"
          label="Public reply (shown under the review; empty removes it)"
          maxLength={REVIEW_REPLY_MAX_LENGTH}
          defaultValue={state.values.reply ?? reply ?? ""}
          rows={2}
        />
        <button type="submit" disabled={pending} className={`self-start ${buttonStyles.secondary}`}>
          Save reply
        </button>
      </form>
    </div>
  );
}
