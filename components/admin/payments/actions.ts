"use server";

import { refresh } from "next/cache";
import { failedAnswer, formAnswer, type FormState } from "@/components/ui/form-state";
import { backOfficeSections } from "@/lib/admin/sections";
import { actorOf } from "@/lib/auth/actor";
import { parseId } from "@/lib/core/ids";
import { assignC2bPayment, refundUnmatchedC2b } from "@/lib/payments/mpesa/c2b";
import { getDb } from "@/lib/server/database";
import { staffAction } from "@/lib/server/staff-action";

/** 'Assign': an unmatched payment goes to the order staff name, and the matching rules apply. */
export const assignPaymentAction = staffAction(
  "assignPayment",
  backOfficeSections.unmatchedPayments,
  async (user, previous: FormState, formData: FormData) => {
    const result = await assignC2bPayment(await getDb(), {
      c2bId: parseId(formData.get("paymentId")) ?? 0,
      orderNumber: formData.get("orderNumber"),
      actor: actorOf(user),
    });
    refresh();
    return result.ok
      ? formAnswer(previous, { ok: true, message: result.message })
      : formAnswer(previous, { ok: false, errors: { orderNumber: result.error } });
  },
  failedAnswer,
);

/** 'Record refund': an unmatched payment was sent back by M-Pesa reversal. */
export const refundPaymentAction = staffAction(
  "refundPayment",
  backOfficeSections.unmatchedPayments,
  async (user, previous: FormState, formData: FormData) => {
    const result = await refundUnmatchedC2b(await getDb(), {
      c2bId: parseId(formData.get("paymentId")) ?? 0,
      reference: formData.get("reference"),
      actor: actorOf(user),
    });
    refresh();
    return result.ok
      ? formAnswer(previous, { ok: true, message: result.message })
      : formAnswer(previous, { ok: false, errors: { reference: result.error } });
  },
  failedAnswer,
);
