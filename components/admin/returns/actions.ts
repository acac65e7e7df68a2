"use server";

import { refresh } from "next/cache";
import { failedAnswer, formAnswer, type FormState } from "@/components/ui/form-state";
import { backOfficeSections } from "@/lib/admin/sections";
import { actorOf } from "@/lib/auth/actor";
import { parseFormValues } from "@/lib/core/form-schema";
import { arrivalWindowDays } from "@/lib/returns/expire-unarrived";
import { returnStepSchema } from "@/lib/returns/rules";
import { approveReturn, declineReturn, markReturnReceived, returnStepMessages } from "@/lib/returns/staff-steps";
import { revalidateCatalog } from "@/lib/server/catalog-cache";
import { getDb } from "@/lib/server/database";
import { staffAction } from "@/lib/server/staff-action";

/**
 * A return's step buttons ('Approve', 'Decline', 'Mark received'). A refusal (changed meanwhile,
 * no reason to decline, an exchange short of stock) changes nothing and says why; the list is shown
 * again as it is now either way.
 */
export const returnStepAction = staffAction(
  "returnStep",
  backOfficeSections.returns,
  async (user, previous: FormState, formData: FormData) => {
    const parsed = parseFormValues(returnStepSchema, Object.fromEntries(formData));
    if (!parsed.ok) return formAnswer(previous, { ok: false, message: returnStepMessages.unknown });
    const { returnId, step, reason } = parsed.data;
    const db = await getDb();
    const actor = actorOf(user);
    const result =
      step === "approve"
        ? await approveReturn(db, { returnId, actor, arrivalDays: arrivalWindowDays() })
        : step === "decline"
          ? await declineReturn(db, { returnId, actor, reason })
          : await markReturnReceived(db, { returnId, actor });
    refresh();
    // Every step may move stock: held for an exchange, released, or returned.
    if (result.ok) revalidateCatalog();
    return formAnswer(previous, { ok: result.ok, message: result.ok ? result.message : result.error });
  },
  failedAnswer,
);
