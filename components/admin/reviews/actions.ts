"use server";

import { refresh } from "next/cache";
import { failedAnswer, formAnswer, type FormState } from "@/components/ui/form-state";
import { backOfficeSections } from "@/lib/admin/sections";
import { parseFormValues } from "@/lib/core/form-schema";
import { moderationMessages } from "@/lib/reviews/labels";
import { moderateReview } from "@/lib/reviews/moderate";
import { moderationSchema } from "@/lib/reviews/rules";
import { revalidateCatalog } from "@/lib/server/catalog-cache";
import { getDb } from "@/lib/server/database";
import { staffAction } from "@/lib/server/staff-action";

/**
 * A review's 'Publish', 'Hide' and 'Save reply': the change, and this instance's product pages and
 * listings expired at once (the others hear the transaction's announcement); or why not.
 */
export const moderateReviewAction = staffAction(
  "moderateReview",
  backOfficeSections.reviews,
  async (_user, previous: FormState, formData: FormData) => {
    const parsed = parseFormValues(moderationSchema, Object.fromEntries(formData));
    if (!parsed.ok) {
      const message = parsed.errors.reply ?? moderationMessages.unknown;
      return formAnswer(previous, { ok: false, message, values: { reply: String(formData.get("reply") ?? "") } });
    }
    const result = await moderateReview(await getDb(), parsed.data);
    refresh();
    if (result.ok) revalidateCatalog();
    return formAnswer(previous, { ok: result.ok, message: result.ok ? result.message : result.error });
  },
  failedAnswer,
);
