import { ZoneRatesForm } from "@/components/admin/delivery/ZoneRatesForm";
import { backOfficeSections } from "@/lib/admin/sections";
import { listDeliveryZones } from "@/lib/checkout/delivery-zones";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";
import { getDb } from "@/lib/server/database";
import { requireRole } from "@/lib/server/session";

export const generateMetadata = backOfficeMetadata(backOfficeSections.delivery.label);

export default async function DeliveryPage() {
  await requireRole(backOfficeSections.delivery);
  const zones = await listDeliveryZones(await getDb());
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Delivery</h1>
      <p className="max-w-2xl text-stone-700">
        What delivery costs and takes in each county. The checkout charges the rate set here at the moment the order is placed;
        orders already placed keep the fee and dates they were given.
      </p>
      <ZoneRatesForm zones={zones} />
    </div>
  );
}
