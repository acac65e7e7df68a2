/** How the shopper chose to pay at checkout (parsed from the form by lib/payments/choice.ts). */
export type PaymentChoice = { method: "pay_on_delivery" } | { method: "mpesa"; phone: string };
