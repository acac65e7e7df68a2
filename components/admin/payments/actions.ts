"use server";

import { refresh } from "next/cache";
import { failedAnswer, formAnswer, type FormState } from "@/components/ui/form-state";
import { backOfficeSections } from "@/lib/admin/sections";
import { actorOf, type Actor } from "@/lib/auth/actor";
import { parseId } from "@/lib/core/ids";
import type { Database } from "@/lib/db";
import { codeCheckMessages } from "@/lib/orders/payment-copy";
import { assignC2bPayment, refundUnmatchedC2b, type C2bStaffResult } from "@/lib/payments/mpesa/c2b";
import { askAboutCode } from "@/lib/payments/mpesa/code-check";
import { mpesaConfig } from "@/lib/payments/mpesa/config";
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

/** 'Check with M-Pesa': a payment from the statement, by its code, counted once M-Pesa confirms it. */
export const checkCodeAction = staffAction(
  "checkCode",
  backOfficeSections.unmatchedPayments,
  async (user, previous: FormState, formData: FormData) => {
    const config = mpesaConfig();
    if (!config) return formAnswer(previous, { ok: false, errors: { code: codeCheckMessages.notSetUp } });
    const input = { code: formData.get("code"), orderNumber: formData.get("orderNumber") };
    const result = await askAboutCode(await getDb(), config, { ...input, actor: actorOf(user) });
    refresh();
    return result.ok
      ? formAnswer(previous, { ok: true, message: result.message })
      : formAnswer(previous, { ok: false, errors: { [result.field]: result.error }, values: stringValues(input) });
  },
  failedAnswer,
);

const stringValues = (values: Record<string, FormDataEntryValue | null>) =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === "string" ? value : ""]));

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
