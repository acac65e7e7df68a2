import type { PaymentChoice } from "@/lib/orders/payment-choice";
import { mpesaMessages } from "@/lib/orders/payment-copy";
import { mpesaPhone } from "./mpesa/format";

/**
 * The checkout form's payment fields, parsed once: M-Pesa (when the shop offers it) with a phone
 * that M-Pesa accepts, else pay on delivery. Without M-Pesa the fields are ignored, as before.
 */
export function parsePaymentChoice(
  fields: { method: unknown; mpesaPhone: unknown },
  mpesaOffered: boolean,
): { ok: true; choice: PaymentChoice } | { ok: false; error: string } {
  if (!mpesaOffered || fields.method === "pay_on_delivery") return { ok: true, choice: { method: "pay_on_delivery" } };
  if (fields.method !== "mpesa") return { ok: false, error: "Choose how to pay." };
  const phone = mpesaPhone(fields.mpesaPhone);
  return phone ? { ok: true, choice: { method: "mpesa", phone } } : { ok: false, error: mpesaMessages.phoneInvalid };
}
