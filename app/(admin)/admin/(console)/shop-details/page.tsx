import { Card } from "@/components/admin/Card";
import { PickupPointAddresses } from "@/components/admin/shop-details/PickupPointAddresses";
import { ShopDetailsForm } from "@/components/admin/shop-details/ShopDetailsForm";
import { ShopLink } from "@/components/ui/ShopLink";
import { backOfficeSections } from "@/lib/admin/sections";
import { findShopDetails } from "@/lib/shop-details/details";
import { listPickupPointAddresses } from "@/lib/shop-details/pickup-addresses";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";
import { getDb } from "@/lib/server/database";
import { requireRole } from "@/lib/server/session";

export const generateMetadata = backOfficeMetadata(backOfficeSections.shopDetails.label);

export default async function ShopDetailsPage() {
  await requireRole(backOfficeSections.shopDetails);
  const db = await getDb();
  const [details, points] = await Promise.all([findShopDetails(db), listPickupPointAddresses(db)]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Shop details</h1>
      <p className="max-w-2xl text-stone-700">
        How shoppers reach the shop. The footer of every page, the Contact page and the e-mails show what is saved here from the
        moment it is saved. Invoices already issued keep the address they were issued with.
      </p>
      <ShopDetailsForm details={details} />
      <Card id="pickup-addresses" title="Pickup points">
        <p className="mb-3 max-w-2xl text-stone-700">
          Each pickup point keeps the address it was given: the checkout, the order page and the &lsquo;ready for pickup&rsquo;
          e-mail send buyers there. When the studio moves, give its point the shop&rsquo;s new address here; its hours, name and
          fee are on the{" "}
          <ShopLink href={backOfficeSections.delivery.path} prefetch="intent" className="font-medium text-green-800 underline">
            Delivery page
          </ShopLink>
          . Orders already placed keep the address they were given.
        </p>
        <PickupPointAddresses points={points} />
      </Card>
    </div>
  );
}
