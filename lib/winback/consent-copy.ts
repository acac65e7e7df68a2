/** Every word about marketing consent, shared by checkout, the account, the stop page and staff. Framework-free on purpose. */
export const consentCopy = {
  checkout: "Text or e-mail me about offers, and if I leave my order unfinished",
  checkoutHint: "Optional. Each message has a link to stop them at once; texts about your orders are separate.",
  accountTitle: "Offers and reminders",
  account: "Text or e-mail me about offers, and if I leave an order unfinished",
  accountHint:
    "To your account's e-mail address once verified, and its phone once an order to it is paid or confirmed. Texts about your orders are separate.",
  accountSaved: "Your choice is saved.",
  stopTitle: "Stop offers and reminders",
  stopIntro:
    "Tap the button and we send no more offers or reminders to this phone or e-mail address. Messages about your orders still come.",
  stopButton: "Stop them",
  stopping: "Stopping…",
  stopped: "Done: you will get no more offers or reminders from us.",
  badLink: "This link is not right. Copy it whole from the message, or ask us to stop: we will.",
  staffTitle: "Marketing consent",
  staffHint: "Counts only: a list of phones and e-mail addresses is for the admin role.",
} as const;
