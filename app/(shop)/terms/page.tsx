import { ContentPage } from "@/components/layout/ContentPage";
import { pageMetadata } from "@/lib/seo";
import { site } from "@/lib/site";

export const metadata = pageMetadata({
  title: "Terms and Conditions",
  description: `The terms for buying from ${site.name}: prices, payment on delivery, delivery across Kenya and returns.`,
  path: "/terms",
});

export default function TermsPage() {
  return (
    <ContentPage title="Terms and Conditions">
      <p>
        These terms apply to every order placed on this website with {site.name}, a business registered in Nairobi, Kenya. By
        placing an order you accept them.
      </p>
      <h2>Prices and payment</h2>
      <p>
        Prices are in Kenya shillings and include VAT. The delivery fee is shown before you confirm your order. You pay when your
        order is delivered.
      </p>
      <h2>Delivery</h2>
      <p>
        We deliver to all 47 counties of Kenya. Delivery times shown at checkout are estimates; we will call you if an order is
        delayed.
      </p>
      <h2>Returns and refunds</h2>
      <p>
        You may return unworn items with their tags within 14 days of delivery for an exchange or a full refund. Trash bags can be
        returned unopened. Contact us at <a href={`mailto:${site.email}`}>{site.email}</a> to arrange a return.
      </p>
      <h2>Your data</h2>
      <p>
        We use your details only to deliver your orders and run your account, as the Kenya Data Protection Act, 2019 requires. We
        never sell them.
      </p>
    </ContentPage>
  );
}
