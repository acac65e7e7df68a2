"use server";

import { revalidatePath } from "next/cache";
import { formAnswer, type FormState } from "@/components/ui/form-state";
import { shopper } from "@/lib/auth/actor";
import { parseFormValues } from "@/lib/core/form-schema";
import { env } from "@/lib/env";
import { findOrderAccess } from "@/lib/orders/order-link";
import { orderLinkParam, orderPath } from "@/lib/orders/status";
import { requestReturn } from "@/lib/returns/request-return";
import { returnRequestedMessage, returnRequestFromForm, returnRequestSchema } from "@/lib/returns/rules";
import { orderOwnerCredentials } from "@/lib/server/cart-owner";
import { getDb } from "@/lib/server/database";

/**
 * 'Return or exchange' on an order's page, for its owner or the holder of its signed link: the
 * request within the limits (lib/returns/rules.ts), or the broken limit's message with nothing stored.
 */
export async function requestReturnAction(previous: FormState, formData: FormData): Promise<FormState> {
  const values = Object.fromEntries([...formData.entries()].filter(([, value]) => typeof value === "string")) as Record<
    string,
    string
  >;
  const db = await getDb();
  const credentials = await orderOwnerCredentials();
  const access = await findOrderAccess(db, formData.get("number"), credentials, formData.get(orderLinkParam));
  if (access.kind === "none") return formAnswer(previous, { ok: false, message: cannotReturn, values });
  const parsed = parseFormValues(returnRequestSchema, returnRequestFromForm(formData));
  if (!parsed.ok) {
    const { lines, ...errors } = parsed.errors;
    return formAnswer(previous, { ok: false, errors, message: lines, values });
  }
  const result = await requestReturn(db, {
    orderId: access.order.id,
    request: parsed.data,
    actor: { id: access.kind === "owner" ? (credentials.userId ?? null) : null, label: shopper.label },
    windowDays: env().RETURN_WINDOW_DAYS,
    viaLink: access.kind === "link",
  });
  if (!result.ok) return formAnswer(previous, { ok: false, message: result.error, values });
  revalidatePath(orderPath(access.order.number));
  return formAnswer(previous, { ok: true, message: returnRequestedMessage(access.order) });
}

const cannotReturn = "This order cannot be returned from here.";
