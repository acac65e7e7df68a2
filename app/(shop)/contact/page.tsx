import { ContentPage } from "@/components/layout/ContentPage";
import { ShopLink } from "@/components/ui/ShopLink";
import { findOrderPath, findOrderTitle } from "@/lib/orders/status";
import { pageMetadata } from "@/lib/seo";
import { getShopDetails } from "@/lib/server/shop-details-cache";
import { phoneHref, whatsappHref } from "@/lib/shop-details/contact";
import { site } from "@/lib/site";

export const metadata = pageMetadata({
  title: "Contact Us",
  description: `Call, e-mail or visit ${site.name} in Nairobi: help with orders, sizes, delivery and returns.`,
  path: "/contact",
});

export default async function ContactPage() {
  const details = await getShopDetails();
  return (
    <ContentPage title="Contact Us">
      <p>Questions about an order, a size or a delivery? Our team answers {details.hours}, East Africa Time.</p>
      <p>
        Ordered without an account?{" "}
        <ShopLink href={findOrderPath} prefetch={false}>
          {findOrderTitle}
        </ShopLink>{" "}
        with its number and your phone number.
      </p>
      <h2>Call</h2>
      <p>
        <a href={phoneHref(details.phone)}>{details.phone}</a>
      </p>
      <h2>WhatsApp</h2>
      <p>
        <a href={whatsappHref(details.whatsapp)} rel="noopener noreferrer">
          {details.whatsapp}
        </a>
      </p>
      <h2>E-mail</h2>
      <p>
        <a href={`mailto:${details.email}`}>{details.email}</a>: we reply within one working day.
      </p>
      <h2>Visit our studio</h2>
      <address className="not-italic">
        {details.street}
        <br />
        {details.city}, {site.country}
      </address>
    </ContentPage>
  );
}
