import type { PaymentChoice, RefusedPaymentChoice } from "@/lib/orders/payment-choice";
import { mpesaMessages } from "@/lib/orders/payment-copy";
import { mpesaPhone } from "./mpesa/format";

/** Which ways to pay ahead the shop offers at checkout (each set up); pay on delivery is always offered. */
export type OfferedPayments = { mpesa: boolean; pesapal: boolean };

/**
 * The checkout form's payment fields, parsed once: M-Pesa with a phone that M-Pesa accepts, or
 * Pesapal (cards, Airtel Money), each only when the shop offers it, else pay on delivery. With
 * neither offered the fields are ignored, as before. A refusal goes to placeOrder, which answers it
 * with the delivery details' errors.
 */
export function parsePaymentChoice(
  fields: { method: unknown; mpesaPhone: unknown },
  offered: OfferedPayments,
): PaymentChoice | RefusedPaymentChoice {
  if ((!offered.mpesa && !offered.pesapal) || fields.method === "pay_on_delivery") return { method: "pay_on_delivery" };
  if (fields.method === "pesapal" && offered.pesapal) return { method: "pesapal" };
  if (fields.method !== "mpesa" || !offered.mpesa) return { method: null, error: "Choose how to pay." };
  const phone = mpesaPhone(fields.mpesaPhone);
  return phone ? { method: "mpesa", phone } : { method: null, error: mpesaMessages.phoneInvalid };
}
