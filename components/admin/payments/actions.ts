"use server";

import { refresh } from "next/cache";
import { failedAnswer, formAnswer, type FormState } from "@/components/ui/form-state";
import { backOfficeSections } from "@/lib/admin/sections";
import { actorOf, type Actor } from "@/lib/auth/actor";
import { parseId } from "@/lib/core/ids";
import type { Database } from "@/lib/db";
import { assignC2bPayment, refundUnmatchedC2b, type C2bStaffResult } from "@/lib/payments/mpesa/c2b";
import { getDb } from "@/lib/server/database";
import { staffAction } from "@/lib/server/staff-action";

/** 'Assign': an unmatched payment goes to the order staff name, and the matching rules apply. */
export const assignPaymentAction = unmatchedPaymentStep("assignPayment", "orderNumber", (db, c2bId, orderNumber, actor) =>
  assignC2bPayment(db, { c2bId, orderNumber, actor }),
);

/** 'Record refund': an unmatched payment was sent back by M-Pesa reversal. */
export const refundPaymentAction = unmatchedPaymentStep("refundPayment", "reference", (db, c2bId, reference, actor) =>
  refundUnmatchedC2b(db, { c2bId, reference, actor }),
);

/** A staff step on one unmatched payment: its id and `field` from the form, a refusal shown under `field`. */
function unmatchedPaymentStep(
  name: string,
  field: "orderNumber" | "reference",
  step: (db: Database, c2bId: number, value: unknown, actor: Actor) => Promise<C2bStaffResult>,
) {
  return staffAction(
    name,
    backOfficeSections.unmatchedPayments,
    async (user, previous: FormState, formData: FormData) => {
      const result = await step(await getDb(), parseId(formData.get("paymentId")) ?? 0, formData.get(field), actorOf(user));
      refresh();
      return result.ok
        ? formAnswer(previous, { ok: true, message: result.message })
        : formAnswer(previous, { ok: false, errors: { [field]: result.error } });
    },
    failedAnswer,
  );
}
