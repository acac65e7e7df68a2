import { ContentPage } from "@/components/layout/ContentPage";
import { ShopLink } from "@/components/ui/ShopLink";
import { findOrderPath, findOrderTitle } from "@/lib/orders/status";
import { pageMetadata } from "@/lib/seo";
import { phoneHref, site } from "@/lib/site";

export const metadata = pageMetadata({
  title: "Contact Us",
  description: `Call, e-mail or visit ${site.name} in Nairobi: help with orders, sizes, delivery and returns.`,
  path: "/contact",
});

export default function ContactPage() {
  return (
    <ContentPage title="Contact Us">
      <p>Questions about an order, a size or a delivery? Our team answers Monday to Saturday, 8 am to 6 pm East Africa Time.</p>
      <p>
        Ordered without an account?{" "}
        <ShopLink href={findOrderPath} prefetch={false}>
          {findOrderTitle}
        </ShopLink>{" "}
        with its number and your phone number.
      </p>
      <h2>Call or WhatsApp</h2>
      <p>
        <a href={phoneHref}>{site.phone}</a>
      </p>
      <h2>E-mail</h2>
      <p>
        <a href={`mailto:${site.email}`}>{site.email}</a>: we reply within one working day.
      </p>
      <h2>Visit our studio</h2>
      <address className="not-italic">
        {site.address.street}
        <br />
        {site.address.city}, {site.address.country}
      </address>
    </ContentPage>
  );
}
