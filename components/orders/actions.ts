"use server";

import { headers } from "next/headers";
import { revalidatePath } from "next/cache";
import { clientAddress } from "@/lib/auth/form-values";
import { getDb } from "@/lib/db";
import { getOrderForOwner } from "@/lib/orders/orders";
import { orderPath } from "@/lib/orders/status";
import { mpesaConfig } from "@/lib/payments/mpesa/config";
import { newMpesaAttempt, sendStkPush, switchToPayOnDelivery } from "@/lib/payments/mpesa/push";
import { orderOwnerCredentials } from "@/lib/server/cart-owner";

export type PaymentActionState = { message?: string };

/** 'Try again': a new PIN prompt for the shopper's own unpaid order. */
export async function retryMpesaPayment(_previous: PaymentActionState, formData: FormData): Promise<PaymentActionState> {
  const mpesa = mpesaConfig();
  const db = await getDb();
  const order = await getOrderForOwner(db, formData.get("number"), await orderOwnerCredentials());
  if (!mpesa || !order) return { message: "This order cannot take a new payment now." };
  const attempt = await newMpesaAttempt(db, { orderId: order.id, phone: formData.get("mpesaPhone") });
  if (!attempt.ok) return { message: attempt.message };
  await sendStkPush(db, mpesa, { paymentId: attempt.paymentId, clientAddress: clientAddress(await headers()) });
  revalidatePath(orderPath(order.number));
  return {};
}

/** 'Pay on delivery instead', for the shopper's own unpaid order. */
export async function payOnDeliveryInstead(_previous: PaymentActionState, formData: FormData): Promise<PaymentActionState> {
  const db = await getDb();
  const order = await getOrderForOwner(db, formData.get("number"), await orderOwnerCredentials());
  if (!order) return { message: "This order cannot take a new payment now." };
  const switched = await switchToPayOnDelivery(db, order.id, { clientAddress: clientAddress(await headers()) });
  if (!switched.ok) return { message: switched.message };
  revalidatePath(orderPath(order.number));
  return {};
}
