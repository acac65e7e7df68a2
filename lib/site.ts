/** The brand, in one place for the header, footer, metadata and e-mails (how to reach the shop: ShopDetails). */
export const site = {
  name: "Kijani Threads",
  tagline: "Stylish, sustainable clothing from Nairobi",
  blurb:
    "Kijani Threads makes bold t-shirts, hoodies and tough recycled trash bags in Nairobi, from organic cotton and recycled fibres, delivered to every county in Kenya.",
  url: siteAddress(process.env) ?? servedAddress(process.env),
  country: "Kenya",
} as const;

export type Site = typeof site;

/**
 * How shoppers reach the shop. Admins edit them on the back office's 'Shop details' page (the
 * shop_details table, which the migration seeded with these); a build that cannot read the database
 * renders these, which the running server never serves (cache-handler.mjs). A social link is null for no account.
 */
export type ShopDetails = {
  phone: string;
  whatsapp: string;
  email: string;
  street: string;
  city: string;
  hours: string;
  instagram: string | null;
  facebook: string | null;
  x: string | null;
};

export const defaultShopDetails: ShopDetails = {
  phone: "+254 712 345 678",
  whatsapp: "+254 712 345 678",
  email: "support@kijanithreads.co.ke",
  street: "Kimathi Street, Jamia Towers, 3rd Floor",
  city: "Nairobi",
  hours: "Monday to Saturday, 8 am to 6 pm",
  instagram: "https://www.instagram.com/kijanithreads",
  facebook: "https://www.facebook.com/kijanithreads",
  x: "https://x.com/kijanithreads",
};

/**
 * The shop's public address, read on the server at start so that one build serves any address:
 * SITE_URL (or its older name NEXT_PUBLIC_SITE_URL), else on Vercel the project's production domain.
 * Undefined means the address the shop serves on (servedAddress), which lib/env.ts refuses for a
 * real deployment. Client code gets none of these (only NEXT_PUBLIC_ names reach it), so it must not use `site.url`.
 */
export function siteAddress(source: Record<string, unknown>): string | undefined {
  const setting = (name: string) => (typeof source[name] === "string" && source[name]) || undefined;
  const production = setting("VERCEL_PROJECT_PRODUCTION_URL");
  const address = setting("SITE_URL") ?? setting("NEXT_PUBLIC_SITE_URL") ?? (production && `https://${production}`);
  return address?.replace(/\/$/, "");
}

/**
 * Without SITE_URL: the address the shop serves on, from PORT and HOSTNAME as `npm start` reads them
 * (scripts/serve.mjs), so that its links work as printed on any port. A wildcard host is this machine.
 */
export function servedAddress(source: Record<string, unknown>): string {
  const host =
    typeof source.HOSTNAME === "string" && !["", "0.0.0.0", "::"].includes(source.HOSTNAME) ? source.HOSTNAME : "localhost";
  const port = typeof source.PORT === "string" && source.PORT ? source.PORT : "3000";
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}
