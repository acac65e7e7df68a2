import { site, type ShopDetails } from "@/lib/site";

// How the pages and messages write the shop's details.

/** A phone number as a tel: link (digits only, as dialers expect). */
export const phoneHref = (phone: string) => `tel:${phone.replace(/\s/g, "")}`;

/** WhatsApp's click-to-chat link: the number in international form, digits only. */
export const whatsappHref = (number: string) => `https://wa.me/${number.replace(/\D/g, "")}`;

/** The address on one line, as the footer and invoices print it. */
export const addressLine = (details: Pick<ShopDetails, "street" | "city">) =>
  `${details.street}, ${details.city}, ${site.country}`;

/** The shop's address as a pickup point at the shop writes it: 'Kimathi Street, Jamia Towers, 3rd Floor, Nairobi'. */
export const pickupAddressOf = (details: Pick<ShopDetails, "street" | "city">) => `${details.street}, ${details.city}`;

/** Shop details' list of pickup points: where each is, and the button that moves one to the shop. */
export const pickupAddressWords = {
  atShop: "The shop's address",
  own: "Its own address",
  move: "Use the shop's address",
} as const;

export type SocialName = "Instagram" | "Facebook" | "X";

/** The social accounts the shop has, in the footer's order. */
export function socialLinks(details: ShopDetails): { name: SocialName; href: string }[] {
  const accounts = [
    { name: "Instagram", href: details.instagram },
    { name: "Facebook", href: details.facebook },
    { name: "X", href: details.x },
  ] as const;
  return accounts.flatMap(({ name, href }) => (href ? [{ name, href }] : []));
}

/** The last line of every e-mail to a shopper. */
export const questionsLine = (details: Pick<ShopDetails, "phone" | "email">) =>
  `Questions? Call ${details.phone} or write to ${details.email}.`;
