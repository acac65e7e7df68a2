/** The shopper's choice of WhatsApp for order updates, shared by checkout (a client form) and the account. Framework-free on purpose. */
export const whatsappChoiceCopy = {
  label: "Send my order updates on WhatsApp",
  checkoutHint:
    "To the phone number above, instead of SMS. If a WhatsApp message does not arrive, we text it, unless SMS updates are off.",
  accountTitle: "WhatsApp updates",
  accountHint:
    "For your next orders, instead of SMS. If a WhatsApp message does not arrive, we text it, unless SMS updates are off.",
  accountSaved: "Your WhatsApp setting is saved.",
} as const;

/** The words a shopper agreed to, as recorded beside the time they ticked the box. */
export const whatsappChoiceWording = (place: "checkout" | "account") =>
  `${whatsappChoiceCopy.label}. ${place === "checkout" ? whatsappChoiceCopy.checkoutHint : whatsappChoiceCopy.accountHint}`;
