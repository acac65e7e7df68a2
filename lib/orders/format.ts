const dateFormat = new Intl.DateTimeFormat("en-KE", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Africa/Nairobi",
});

/** '21 Nov 2026': when an order was placed, in Nairobi. */
export const formatOrderDate = (date: Date) => dateFormat.format(date);
