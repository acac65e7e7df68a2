"use server";

import { headers } from "next/headers";
import { revalidatePath } from "next/cache";
import { formAnswer, type FormState } from "@/components/ui/form-state";
import { redirect } from "next/navigation";
import { tooManyAttempts } from "@/lib/auth/account-rules";
import { clientAddress, formValues } from "@/lib/auth/form-values";
import { parseFormValues } from "@/lib/core/form-schema";
import { findOrderByPhone } from "@/lib/orders/find-order";
import {
  findOrderFields,
  findOrderMessages,
  findOrderSchema,
  type FindOrderField,
  type FindOrderInput,
} from "@/lib/orders/find-order-rules";
import type { Database } from "@/lib/db";
import { getDb } from "@/lib/server/database";
import { findOrderAccess, orderLinkPath } from "@/lib/orders/order-link";
import type { OrderView } from "@/lib/orders/order-view";
import { orderLinkParam, orderPath } from "@/lib/orders/status";
import { mpesaConfig } from "@/lib/payments/mpesa/config";
import { newMpesaAttempt, sendStkPush, switchToPayOnDelivery } from "@/lib/payments/mpesa/push";
import { newPesapalAttempt } from "@/lib/payments/pesapal/attempt";
import { pesapalConfig } from "@/lib/payments/pesapal/config";
import { paymentProviders } from "@/lib/payments/providers";
import { orderOwnerCredentials } from "@/lib/server/cart-owner";

/** 'Try again': a new PIN prompt for an unpaid order, by its owner or its link's holder. */
export async function retryMpesaPayment(previous: FormState, formData: FormData): Promise<FormState> {
  const mpesa = mpesaConfig();
  const db = await getDb();
  const order = await orderOfForm(db, formData);
  if (!mpesa || !order) return formAnswer(previous, { message: cannotPay });
  const attempt = await newMpesaAttempt(db, { orderId: order.id, phone: formData.get("mpesaPhone") });
  if (!attempt.ok) return formAnswer(previous, { message: attempt.error });
  await sendStkPush(db, mpesa, { paymentId: attempt.paymentId, clientAddress: clientAddress(await headers()) });
  revalidatePath(orderPath(order.number));
  return formAnswer(previous, {});
}

/** 'Try again' after a declined card or Airtel Money payment: a new Pesapal payment, on Pesapal's page. */
export async function retryPesapalPayment(previous: FormState, formData: FormData): Promise<FormState> {
  const db = await getDb();
  const order = await orderOfForm(db, formData);
  if (!pesapalConfig() || !order) return formAnswer(previous, { message: cannotPay });
  const attempt = await newPesapalAttempt(db, order.id);
  if (!attempt.ok) return formAnswer(previous, { message: attempt.error });
  const start = await paymentProviders.pesapal.start(db, {
    paymentId: attempt.paymentId,
    clientAddress: clientAddress(await headers()),
  });
  revalidatePath(orderPath(order.number));
  if (start.next === "redirect") redirect(start.url);
  return formAnswer(previous, {});
}

/** 'Pay on delivery instead', for an unpaid order, by its owner or its link's holder. */
export async function payOnDeliveryInstead(previous: FormState, formData: FormData): Promise<FormState> {
  const db = await getDb();
  const order = await orderOfForm(db, formData);
  if (!order) return formAnswer(previous, { message: cannotPay });
  const switched = await switchToPayOnDelivery(db, order.id, { clientAddress: clientAddress(await headers()) });
  if (!switched.ok) return formAnswer(previous, { message: switched.error });
  revalidatePath(orderPath(order.number));
  return formAnswer(previous, {});
}

/** The form's order, if its owner or its link's holder sent the form. */
async function orderOfForm(db: Database, formData: FormData): Promise<OrderView | null> {
  const credentials = await orderOwnerCredentials();
  const access = await findOrderAccess(db, formData.get("number"), credentials, formData.get(orderLinkParam));
  return access.kind === "none" ? null : access.order;
}

/** 'Find your order': a matching pair opens the order by its signed link; anything else changes nothing. */
export async function findOrder(previous: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, findOrderFields);
  const parsed = parseFormValues<FindOrderInput, FindOrderField>(findOrderSchema, values);
  if (!parsed.ok) return formAnswer(previous, { errors: parsed.errors, values });
  const found = await findOrderByPhone(await getDb(), parsed.data, clientAddress(await headers()));
  if (found.ok) redirect(orderLinkPath(found.order));
  const message = found.reason === "throttled" ? tooManyAttempts(found.minutes) : findOrderMessages.noMatch;
  return formAnswer(previous, { values, message });
}

const cannotPay = "This order cannot take a new payment now.";
