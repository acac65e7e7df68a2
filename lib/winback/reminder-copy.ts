/** Every word of the unfinished-checkout reminder and its link. Framework-free on purpose. */
export const reminderCopy = {
  soldOut: "sold out",
  /** A text names this many lines at most, so that it stays short. */
  linesInText: 3,
  more: (lines: number) => `and ${lines} more`,
  smsText: (shop: string, items: string, link: string, stop: string) =>
    `${shop}: your cart is waiting: ${items}. Finish your order: ${link} Stop offers: ${stop}`,
  mailSubject: (shop: string) => `Your ${shop} cart is waiting`,
  mailText: (items: string[], link: string, stop: string) =>
    [
      "Hello,",
      "",
      "You left these in your cart:",
      "",
      ...items.map((item) => `- ${item}`),
      "",
      `Finish your order here, at today's prices: ${link}`,
      "",
      "You asked us to remind you once when you leave an order unfinished; this is that reminder.",
      `To get no more offers or reminders: ${stop}`,
    ].join("\n"),
  badLink: "This link is not right. Copy it whole from the message, or add the items to your cart again.",
  expiredLink: "This link has expired. Add the items to your cart again: they are on the shop's pages.",
  resumeTitle: "Your unfinished order",
  resumeIntro: "Put the items from your unfinished order back in your cart, at today's prices, and finish your order.",
  resumeButton: "Put them in my cart",
  resuming: "Putting them in your cart…",
} as const;
