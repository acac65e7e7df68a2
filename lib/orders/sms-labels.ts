/** Every label about order texts, shared by checkout (a client form), the order page and the account. Framework-free on purpose. */
export const smsLabels = {
  checkout: "Send me SMS updates about this order",
  /** Phone-first checkout: the e-mail field's hint. */
  emailOptional: "Optional: without it, we text your order's link to your phone.",
  checkoutHint: "We text the phone number above when your order changes. You can stop them from the link in any text.",
  orderTitle: "SMS updates",
  orderOn: "We text the order's phone number when this order changes.",
  orderOff: "You get no texts about this order.",
  stop: "Stop SMS updates",
  stopping: "Stopping…",
  account: "Send me SMS updates about my orders",
  accountHint: "For your next orders; each order's page can also stop its own texts.",
  accountSaved: "Your SMS setting is saved.",
} as const;
