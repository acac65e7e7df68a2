/** Every word of 'Tell me when it's back', shared by the product page's form, the action and the alerts. Framework-free on purpose. */
export const backInStockCopy = {
  title: "Tell me when it's back",
  contactLabel: "Phone or e-mail",
  emailLabel: "E-mail",
  contactHint: "We send one message when this option is back in stock, and nothing else: asking is your consent to that message.",
  emailOnlyHint:
    "We send one e-mail when this option is back in stock, and nothing else: asking is your consent to that message.",
  variantLabel: "Option",
  submit: "Tell me",
  pending: "Saving…",
  saved: "Thank you: we will tell you once, as soon as it is back.",
  invalidContact: "Enter a Kenyan phone number (like 0712 345 678) or an e-mail address.",
  invalidEmail: "Enter an e-mail address.",
  notSoldOut: "This option is in stock: you can order it now.",
  unknownVariant: "This option is no longer sold.",
  throttled: "Too many requests from here. Try again tomorrow.",
  staffWaiting: (people: number) => (people === 1 ? "1 person waiting" : `${people} people waiting`),
  smsText: (shop: string, item: string, link: string) => `${shop}: ${item} is back in stock. Order it here: ${link}`,
  mailSubject: (item: string) => `${item} is back in stock`,
  mailText: (item: string, link: string) =>
    `Good news: ${item} is back in stock.\n\nOrder it here: ${link}\n\nYou asked us to tell you once; this is that message, and we will not write again about it.`,
} as const;
