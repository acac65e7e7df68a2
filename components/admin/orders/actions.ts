"use server";

import { refresh } from "next/cache";
import type { FormState } from "@/components/ui/form-state";
import { backOfficeSections } from "@/lib/admin/sections";
import { actorOf } from "@/lib/auth/actor";
import { getDb } from "@/lib/server/database";
import { updateOrderStatus } from "@/lib/orders/status-changes";
import { orderStepDone } from "@/lib/orders/staff-labels";
import { recordRefund } from "@/lib/payments/refunds";
import { revalidateCatalog } from "@/lib/server/catalog-cache";
import { requireRole } from "@/lib/server/session";

/**
 * An order page's step buttons ('Confirm', 'Cancel order', …): moves the order from the status
 * the page showed (`expectedStatus`) to `status`, for staff holding the orders role (checked here
 * again: the page's check protects nothing once the form is posted). Whatever the outcome, the page
 * is shown again as the order is now; a refusal (changed meanwhile, a step the status does not
 * allow, an unknown order, a missing reason) changes nothing and says why.
 */
export async function changeOrderStatus(_previous: FormState, formData: FormData): Promise<FormState> {
  const user = await requireRole(backOfficeSections.orders);
  const db = await getDb();
  const result = await updateOrderStatus(db, {
    number: formData.get("number"),
    status: formData.get("status"),
    // A post without it is refused as changed meanwhile: a change is only made to the order staff saw.
    expectedStatus: formData.get("expectedStatus"),
    note: formData.get("note"),
    actor: actorOf(user),
  });
  refresh();
  if (!result.ok) return { errors: {}, values: {}, ok: false, message: result.error };
  // Cancelling put stock back on sale.
  if (result.order.status === "cancelled") revalidateCatalog();
  return { errors: {}, values: {}, ok: true, message: orderStepDone(result.order.number, result.order.status) };
}

/** 'Record refund': staff sent the money back by M-Pesa outside the shop and note its reference. */
export async function recordRefundAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const user = await requireRole(backOfficeSections.orders);
  const result = await recordRefund(await getDb(), {
    paymentId: Number(formData.get("paymentId")),
    reference: formData.get("reference"),
    actor: actorOf(user),
  });
  refresh();
  if (!result.ok) return { errors: { reference: result.error }, values: {}, ok: false };
  return { errors: {}, values: {}, ok: true, message: "Refund recorded." };
}
