import "server-only";
import type { PaymentMethod } from "@/lib/db/values";
import { mpesaPrompt } from "./mpesa-prompt";
import { payOnDelivery } from "./pay-on-delivery";
import { pesapalProvider } from "./pesapal";
import type { PaymentProvider } from "./provider";

export type { PaymentProvider } from "./provider";
export { paybill } from "./paybill";

/** The provider that takes an attempt of each method at checkout (Paybill pays M-Pesa orders by hand). */
export const paymentProviders: Record<PaymentMethod, PaymentProvider> = {
  mpesa: mpesaPrompt,
  pay_on_delivery: payOnDelivery,
  pesapal: pesapalProvider,
};
