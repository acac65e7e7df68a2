import type { PaymentChoice, RefusedPaymentChoice } from "@/lib/orders/payment-choice";
import { mpesaMessages } from "@/lib/orders/payment-copy";
import { mpesaPhone } from "./mpesa/format";

/**
 * The checkout form's payment fields, parsed once: M-Pesa (when the shop offers it) with a phone
 * that M-Pesa accepts, else pay on delivery. Without M-Pesa the fields are ignored, as before.
 * A refusal goes to placeOrder, which answers it with the delivery details' errors.
 */
export function parsePaymentChoice(
  fields: { method: unknown; mpesaPhone: unknown },
  mpesaOffered: boolean,
): PaymentChoice | RefusedPaymentChoice {
  if (!mpesaOffered || fields.method === "pay_on_delivery") return { method: "pay_on_delivery" };
  if (fields.method !== "mpesa") return { method: null, error: "Choose how to pay." };
  const phone = mpesaPhone(fields.mpesaPhone);
  return phone ? { method: "mpesa", phone } : { method: null, error: mpesaMessages.phoneInvalid };
}
