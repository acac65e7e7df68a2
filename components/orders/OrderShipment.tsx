import { collectSentence, shipmentLine, shipmentTrackingUrl } from "@/lib/couriers/shipment-words";
import type { OrderView } from "@/lib/orders/order-view";

/**
 * Who carries a dispatched order, its waybill, where to collect it and a 'Track' link where the
 * courier has a tracking page: the buyer's order page and the staff's (as `<dt>`/`<dd>` pairs).
 */
export function OrderShipment({ order, termClass }: { order: Pick<OrderView, "shipment" | "collectAt">; termClass: string }) {
  const { shipment } = order;
  if (!shipment) return null;
  const track = shipmentTrackingUrl(shipment);
  return (
    <>
      <dt className={termClass}>Sent with</dt>
      <dd data-testid="shipment">
        {shipmentLine(shipment)}
        {track && (
          <>
            {" "}
            <a href={track} className="font-medium text-green-800 underline" rel="noopener noreferrer" target="_blank">
              Track
            </a>
          </>
        )}
      </dd>
      {shipment.courier.kind === "courier" && (
        <>
          <dt className={termClass}>Collect</dt>
          <dd data-testid="shipment-collect">
            {collectSentence(shipment)}
            {shipment.courier.phone && ` ${shipment.courier.name}: ${shipment.courier.phone}.`}
          </dd>
        </>
      )}
    </>
  );
}
