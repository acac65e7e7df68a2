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
import { CarriageForm } from "@/components/admin/delivery/CarriageForm";
import { CourierForm } from "@/components/admin/delivery/CourierForm";
import { CourierTable } from "@/components/admin/delivery/CourierTable";
import { listCouriers } from "@/lib/couriers/couriers";

export const generateMetadata = backOfficeMetadata(backOfficeSections.delivery.label);

export default async function DeliveryPage() {
  await requireRole(backOfficeSections.delivery);
  const db = await getDb();
  const [zones, threshold, points, couriers] = await Promise.all([
    listDeliveryZones(db),
    findFreeDeliveryThreshold(db),
    listPickupPoints(db),
    listCouriers(db),
  ]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Delivery</h1>
      <p className="max-w-2xl text-stone-700">
        What delivery costs and takes in each county. The checkout charges the rate set here at the moment the order is placed;
        orders already placed keep the fee and dates they were given.
      </p>
      <ZoneRatesForm zones={zones} />
      <section aria-labelledby="carriage-title" className="space-y-3">
        <h2 id="carriage-title" className="text-xl font-bold">
          Who carries each county
        </h2>
        <p className="max-w-2xl text-stone-700">
          Our rider brings an order to the door; a courier&apos;s parcel is collected at its office with the shopper&apos;s ID.
          The checkout, the order&apos;s e-mails and the Terms say which, and offer pay on delivery only where you allow it.
        </p>
        <CarriageForm />
      </section>
      <section aria-labelledby="couriers-title" className="space-y-3">
        <h2 id="couriers-title" className="text-xl font-bold">
          Couriers
        </h2>
        <p className="max-w-2xl text-stone-700">
          Who staff can name when they dispatch an order, with its waybill. A courier that orders used is archived when removed,
          and stays on their pages.
        </p>
        <CourierTable couriers={couriers} />
        <h3 className="text-lg font-semibold">Add a courier</h3>
        <CourierForm />
      </section>
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
