import { TableHead } from "@/components/admin/TableHead";
import { cellClass, tableClass } from "@/components/admin/styles";
import { buttonStyles } from "@/components/ui/button-styles";
import { pickupAddressWords } from "@/lib/shop-details/contact";
import type { PickupPointAddress } from "@/lib/shop-details/pickup-addresses";
import { movePickupPointToShopAction } from "./actions";

/**
 * The offered pickup points and where each is: at the shop's address, or its own, with a button
 * that moves it to the shop's (after the studio moved). Works without JavaScript.
 */
export function PickupPointAddresses({ points }: { points: PickupPointAddress[] }) {
  if (points.length === 0) return <p className="text-stone-700">No pickup points are offered.</p>;
  return (
    <form action={movePickupPointToShopAction} className="overflow-x-auto">
      <table className={tableClass}>
        <caption className="sr-only">Pickup points and their addresses</caption>
        <TableHead columns={["Pickup point", "Address", "Where", "Change"]} />
        <tbody>
          {points.map((point) => (
            <tr key={point.id} data-testid="pickup-address">
              <th scope="row" className={`${cellClass} font-medium`}>
                {point.name}
              </th>
              <td className={cellClass}>{point.address}</td>
              <td className={cellClass}>{point.atShop ? pickupAddressWords.atShop : pickupAddressWords.own}</td>
              <td className={cellClass}>
                {!point.atShop && (
                  <button
                    type="submit"
                    name="point"
                    value={point.id}
                    aria-label={`${pickupAddressWords.move} for ${point.name}`}
                    className={buttonStyles.secondary}
                  >
                    {pickupAddressWords.move}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </form>
  );
}
