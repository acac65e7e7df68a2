import { connection } from "next/server";
import { ShopLink } from "@/components/ui/ShopLink";
import { ContentPage } from "@/components/layout/ContentPage";
import { pageMetadata } from "@/lib/seo";
import { site } from "@/lib/site";
import { env } from "@/lib/env";
import { paymentMethodsSummary } from "@/lib/orders/payment-copy";
import { mpesaConfig } from "@/lib/payments/mpesa/config";
import { pricesVatSentence } from "@/lib/tax/vat";
import { howToReturn, refundPolicy, returnPolicy } from "@/lib/orders/refund-rules";
import { findOrderPath } from "@/lib/orders/status";
import { carriageTerms } from "@/lib/couriers/carriage-words";
import { listCountyCarriage } from "@/lib/couriers/county-carriage";
import { getDb } from "@/lib/server/database";

export const metadata = pageMetadata({
  title: "Terms and Conditions",
  description: `The terms for buying from ${site.name}: prices, payment, delivery across Kenya, returns and refunds.`,
  path: "/terms",
});

// Rendered per request: its payment, VAT and delivery sentences follow the running shop's settings and rates, not the build's.
export default async function TermsPage() {
  await connection();
  const carriage = await listCountyCarriage(await getDb());
  return (
    <ContentPage title="Terms and Conditions">
      <p>
        These terms apply to every order placed on this website with {site.name}, a business registered in Nairobi, Kenya. By
        placing an order you accept them.
      </p>
      <h2>Prices and payment</h2>
      <p>
        Prices are in Kenya shillings. {pricesVatSentence(env().VAT_REGISTERED)} The delivery fee is shown before you confirm your
        order. {paymentMethodsSummary(mpesaConfig() !== null)}
      </p>
      <h2>Delivery</h2>
      <p>
        We deliver to all 47 counties of Kenya. {carriageTerms(carriage)} Delivery times shown at checkout are estimates; we will
        call you if an order is delayed.
      </p>
      <h2>Returns and refunds</h2>
      <p>
        {returnPolicy(env().RETURN_WINDOW_DAYS)} Trash bags can be returned unopened. {howToReturn} No e-mail at hand?{" "}
        <ShopLink href={findOrderPath}>Find your order</ShopLink> with its number and your phone number.
      </p>
      <p>{refundPolicy}</p>
      <h2>Your data</h2>
      <p>
        We use your details only to deliver your orders and run your account, as the Kenya Data Protection Act, 2019 requires. We
        never sell them.
      </p>
    </ContentPage>
  );
}
