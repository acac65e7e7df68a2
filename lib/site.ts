/** The brand's details, in one place for the header, footer, metadata and e-mails. */
export const site = {
  name: "Kijani Threads",
  tagline: "Stylish, sustainable clothing from Nairobi",
  blurb:
    "Kijani Threads makes bold t-shirts, hoodies and tough recycled trash bags in Nairobi, from organic cotton and recycled fibres, delivered to every county in Kenya.",
  url: (process.env.NEXT_PUBLIC_SITE_URL ?? "http://localhost:3000").replace(/\/$/, ""),
  phone: "+254 712 345 678",
  email: "support@kijanithreads.co.ke",
  address: { street: "Kimathi Street, Jamia Towers, 3rd Floor", city: "Nairobi", country: "Kenya" },
  social: [
    { name: "Instagram", href: "https://www.instagram.com/kijanithreads" },
    { name: "Facebook", href: "https://www.facebook.com/kijanithreads" },
    { name: "X", href: "https://x.com/kijanithreads" },
  ],
} as const;

export type Site = typeof site;

/** The phone number as a tel: link (digits only, as dialers expect). */
export const phoneHref = `tel:${site.phone.replace(/\s/g, "")}`;
