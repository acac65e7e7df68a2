import { ShopDetailsForm } from "@/components/admin/shop-details/ShopDetailsForm";
import { ShopLink } from "@/components/ui/ShopLink";
import { backOfficeSections } from "@/lib/admin/sections";
import { findShopDetails } from "@/lib/shop-details/details";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";
import { getDb } from "@/lib/server/database";
import { requireRole } from "@/lib/server/session";

export const generateMetadata = backOfficeMetadata(backOfficeSections.shopDetails.label);

export default async function ShopDetailsPage() {
  await requireRole(backOfficeSections.shopDetails);
  const details = await findShopDetails(await getDb());
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Shop details</h1>
      <p className="max-w-2xl text-stone-700">
        How shoppers reach the shop. The footer of every page, the Contact page and the e-mails show what is saved here from the
        moment it is saved. Invoices already issued keep the address they were issued with.
      </p>
      <p className="max-w-2xl text-stone-700">
        The studio as a pickup point, with the address and hours the checkout offers, is one of the{" "}
        <ShopLink href={backOfficeSections.delivery.path} prefetch="intent" className="font-medium text-green-800 underline">
          pickup points on the Delivery page
        </ShopLink>
        : change it there too when the studio moves.
      </p>
      <ShopDetailsForm details={details} />
    </div>
  );
}
