"use server";

import { refresh } from "next/cache";
import { failedAnswer, formAnswer, type FormState } from "@/components/ui/form-state";
import { backOfficeSections } from "@/lib/admin/sections";
import { actorOf } from "@/lib/auth/actor";
import { getDb } from "@/lib/server/database";
import { updateOrderStatus } from "@/lib/orders/status-changes";
import { orderStepDone } from "@/lib/orders/staff-labels";
import { isClosed } from "@/lib/orders/status";
import { parseId } from "@/lib/core/ids";
import { parseFormValues } from "@/lib/core/form-schema";
import { refundRecordSchema } from "@/lib/orders/refund-rules";
import { recordRefund } from "@/lib/payments/refunds";
import { pesapalConfig } from "@/lib/payments/pesapal/config";
import { requestPesapalRefund } from "@/lib/payments/pesapal/refunds";
import { revalidateCatalog } from "@/lib/server/catalog-cache";
import { staffAction } from "@/lib/server/staff-action";
import { buyerPinMessages, changeBuyerPin } from "@/lib/invoices/buyer-pin";
import { shipmentFields } from "@/lib/couriers/courier-rules";
import { correctShipment, shipmentMessages } from "@/lib/couriers/shipments";

const section = backOfficeSections.orders;

/**
 * An order page's step buttons ('Confirm', 'Cancel order', …): moves the order from the status
 * the page showed (`expectedStatus`) to `status`. Whatever the outcome, the page is shown again as
 * the order is now; a refusal (changed meanwhile, a step the status does not allow, an unknown
 * order, a missing reason) changes nothing and says why.
 */
export const changeOrderStatus = staffAction(
  "changeOrderStatus",
  section,
  async (user, previous: FormState, formData: FormData) => {
    const result = await updateOrderStatus(await getDb(), {
      number: formData.get("number"),
      status: formData.get("status"),
      // A post without it is refused as changed meanwhile: a change is only made to the order staff saw.
      expectedStatus: formData.get("expectedStatus"),
      note: formData.get("note"),
      failureReason: formData.get("failureReason"),
      shipment: shipmentPosted(formData),
      actor: actorOf(user),
    });
    refresh();
    if (!result.ok && result.reason === "invalid_shipment")
      return formAnswer(previous, { ok: false, message: result.error, errors: result.errors, values: shipmentValues(formData) });
    if (!result.ok) return formAnswer(previous, { ok: false, message: result.error });
    // Closing put stock back on sale.
    if (isClosed(result.order.status)) revalidateCatalog();
    return formAnswer(previous, {
      ok: true,
      message: orderStepDone(result.order.number, result.order.status, result.order.fulfilment),
    });
  },
  failedAnswer,
);

/** 'Save courier and waybill': corrects a dispatched order's courier, waybill or office, kept in its history. */
export const correctShipmentAction = staffAction(
  "correctShipment",
  section,
  async (user, previous: FormState, formData: FormData) => {
    const result = await correctShipment(await getDb(), {
      number: String(formData.get("number") ?? ""),
      posted: shipmentPosted(formData),
      actor: actorOf(user),
    });
    refresh();
    if (!result.ok)
      return formAnswer(previous, { ok: false, message: result.error, errors: result.errors, values: shipmentValues(formData) });
    return formAnswer(previous, { ok: true, message: shipmentMessages.corrected });
  },
  failedAnswer,
);

/** The shipment's fields as posted (the dispatch step's, the correction's). */
function shipmentPosted(formData: FormData) {
  return Object.fromEntries(shipmentFields.map((field) => [field, formData.get(field)]));
}

/** The same as typed, for the form to show again after a refusal. */
function shipmentValues(formData: FormData): Record<string, string> {
  return Object.fromEntries(shipmentFields.map((field) => [field, String(formData.get(field) ?? "").slice(0, 41)]));
}

/** 'Record refund': staff sent the money back outside the shop, by M-Pesa reversal (with its reference) or cash. */
export const recordRefundAction = staffAction(
  "recordRefund",
  section,
  async (user, previous: FormState, formData: FormData) => {
    const parsed = parseFormValues(refundRecordSchema, {
      method: formData.get("method"),
      reference: formData.get("reference"),
    });
    if (!parsed.ok) return formAnswer(previous, { errors: parsed.errors, ok: false });
    const result = await recordRefund(await getDb(), {
      refundId: parseId(formData.get("refundId")) ?? 0,
      ...parsed.data,
      actor: actorOf(user),
    });
    refresh();
    if (!result.ok) {
      if (result.reason === "not_due") return formAnswer(previous, { ok: false, message: result.error });
      return formAnswer(previous, { errors: { [result.reason]: result.error }, ok: false });
    }
    return formAnswer(previous, { ok: true, message: "Refund recorded." });
  },
  failedAnswer,
);

/** 'Refund through Pesapal': asks Pesapal to send a due refund back the way the order was paid. */
export const requestPesapalRefundAction = staffAction(
  "requestPesapalRefund",
  section,
  async (user, previous: FormState, formData: FormData) => {
    const config = pesapalConfig();
    if (!config) return formAnswer(previous, { ok: false, message: "Pesapal is not set up." });
    const result = await requestPesapalRefund(await getDb(), config, {
      refundId: parseId(formData.get("refundId")) ?? 0,
      actor: actorOf(user),
    });
    refresh();
    if (!result.ok) return formAnswer(previous, { ok: false, message: result.error });
    return formAnswer(previous, { ok: true, message: "Refund requested from Pesapal." });
  },
  failedAnswer,
);

/** 'Save PIN': adds or corrects the buyer's KRA PIN on the order and its invoices, until KRA has an invoice of it. */
export const changeBuyerPinAction = staffAction(
  "changeBuyerPin",
  section,
  async (user, previous: FormState, formData: FormData) => {
    const buyerPin = formData.get("buyerPin");
    const values = { buyerPin: typeof buyerPin === "string" ? buyerPin.slice(0, 40) : "" };
    const result = await changeBuyerPin(await getDb(), {
      orderNumber: String(formData.get("number") ?? ""),
      buyerPin,
      actor: actorOf(user),
    });
    refresh();
    if (!result.ok && result.reason === "invalid")
      return formAnswer(previous, { ok: false, errors: { buyerPin: result.error }, values });
    if (!result.ok) return formAnswer(previous, { ok: false, message: result.error, values });
    return formAnswer(previous, { ok: true, message: buyerPinMessages.saved(result.buyerPin) });
  },
  failedAnswer,
);
