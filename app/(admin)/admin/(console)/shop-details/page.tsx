import { ShopDetailsForm } from "@/components/admin/shop-details/ShopDetailsForm";
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
      <ShopDetailsForm details={details} />
    </div>
  );
}
