/** How the shopper chose to pay at checkout (parsed from the form by lib/payments/choice.ts). */
export type PaymentChoice = { method: "pay_on_delivery" } | { method: "mpesa"; phone: string } | { method: "pesapal" };

/** A payment choice the form got wrong: its message, shown with the delivery details' errors, and nothing placed. */
export type RefusedPaymentChoice = { method: null; error: string };
