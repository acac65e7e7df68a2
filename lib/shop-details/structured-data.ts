import { site, type ShopDetails } from "@/lib/site";
import { socialLinks } from "./contact";

/**
 * The home page's structured data: the shop as an Organization with the Shop details as saved (so
 * an owner's edit reaches it like the footer), and the site as a WebSite whose SearchAction is the
 * header's search form.
 */
export function homeStructuredData(details: ShopDetails, siteUrl: string) {
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.name,
    url: siteUrl,
    logo: `${siteUrl}/icon.svg`,
    email: details.email,
    telephone: details.phone,
    address: {
      "@type": "PostalAddress",
      streetAddress: details.street,
      addressLocality: details.city,
      addressCountry: "KE",
    },
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer service",
      telephone: details.phone,
      email: details.email,
      areaServed: "KE",
    },
    sameAs: socialLinks(details).map((account) => account.href),
  };
  const webSite = {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: site.name,
    url: siteUrl,
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${siteUrl}/search?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
  return [organization, webSite];
}
