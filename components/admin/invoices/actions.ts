"use server";

import { refresh } from "next/cache";
import { failedAnswer, formAnswer, type FormState } from "@/components/ui/form-state";
import { backOfficeSections } from "@/lib/admin/sections";
import { parseId } from "@/lib/core/ids";
import { retryInvoiceReport } from "@/lib/invoices/staff-list";
import { getDb } from "@/lib/server/database";
import { staffAction } from "@/lib/server/staff-action";

const refusals = {
  unknown_invoice: "That invoice no longer exists.",
  not_rejected: "That invoice is not rejected any more: the list shows where it is now.",
} as const;

/**
 * 'Retry' on a rejected invoice, after its cause is fixed: it goes back to 'Not reported' and its
 * report to eTIMS is sent again now. The list is shown again as it is either way.
 */
export const retryInvoiceAction = staffAction(
  "retryInvoice",
  backOfficeSections.invoices,
  async (_user, previous: FormState, formData: FormData) => {
    const result = await retryInvoiceReport(await getDb(), parseId(formData.get("invoiceId")) ?? 0);
    refresh();
    if (!result.ok) return formAnswer(previous, { ok: false, message: refusals[result.reason] });
    return formAnswer(previous, { ok: true, message: `Invoice ${result.number} is being sent to KRA again.` });
  },
  failedAnswer,
);
