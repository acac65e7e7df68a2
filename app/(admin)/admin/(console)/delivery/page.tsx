import { ZoneRatesForm } from "@/components/admin/delivery/ZoneRatesForm";
import { backOfficeSections } from "@/lib/admin/sections";
import { listDeliveryZones } from "@/lib/checkout/delivery-zones";
import { findFreeDeliveryThreshold, listPickupPoints } from "@/lib/checkout/pickup-points";
import { FreeDeliveryForm } from "@/components/admin/delivery/FreeDeliveryForm";
import { PickupPointForm } from "@/components/admin/delivery/PickupPointForm";
import { PickupPointTable } from "@/components/admin/delivery/PickupPointTable";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";
import { getDb } from "@/lib/server/database";
import { requireRole } from "@/lib/server/session";

export const generateMetadata = backOfficeMetadata(backOfficeSections.delivery.label);

export default async function DeliveryPage() {
  await requireRole(backOfficeSections.delivery);
  const db = await getDb();
  const [zones, threshold, points] = await Promise.all([
    listDeliveryZones(db),
    findFreeDeliveryThreshold(db),
    listPickupPoints(db),
  ]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Delivery</h1>
      <p className="max-w-2xl text-stone-700">
        What delivery costs and takes in each county. The checkout charges the rate set here at the moment the order is placed;
        orders already placed keep the fee and dates they were given.
      </p>
      <ZoneRatesForm zones={zones} />
      <section aria-labelledby="free-delivery-title" className="space-y-3">
        <h2 id="free-delivery-title" className="text-xl font-bold">
          Free delivery
        </h2>
        <FreeDeliveryForm threshold={threshold} />
      </section>
      <section aria-labelledby="pickup-title" className="space-y-3">
        <h2 id="pickup-title" className="text-xl font-bold">
          Pickup points
        </h2>
        <p className="max-w-2xl text-stone-700">
          Where shoppers may collect their order instead. Orders keep the point&apos;s name, address, hours and fee as they were
          when placed. A point that is not offered stays on its past orders.
        </p>
        <PickupPointTable points={points} />
        <h3 className="text-lg font-semibold">Add a pickup point</h3>
        <PickupPointForm />
      </section>
    </div>
  );
}
