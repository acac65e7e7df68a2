import { EnableToggle } from "@/components/admin/EnableToggle";
import { formatFee } from "@/lib/checkout/fulfilment-fee";
import { formatOpeningHours } from "@/lib/checkout/opening-hours";
import type { PickupPointRow } from "@/lib/checkout/pickup-points";
import { TableHead } from "../TableHead";
import { cellClass, tableClass } from "../styles";
import { togglePickupPointAction } from "./actions";
import { PickupPointForm } from "./PickupPointForm";

const when = new Intl.DateTimeFormat("en-KE", { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Nairobi" });

/** Every pickup point: offered or not (a button each; works without JavaScript), and a form to edit each. */
export function PickupPointTable({ points }: { points: PickupPointRow[] }) {
  return (
    <div className="space-y-4">
      <form action={togglePickupPointAction} className="overflow-x-auto">
        <table className={tableClass} aria-label="Pickup points">
          <TableHead columns={["Pickup point", "Fee", "Offered", "Last changed", "Change"]} right={["Fee"]} />
          <tbody>
            {points.map((point) => (
              <tr key={point.id}>
                <td className={cellClass}>
                  <p className="font-medium">{point.name}</p>
                  <p className="text-sm text-stone-700">
                    {point.address}. {formatOpeningHours(point.openingHours)}.
                  </p>
                </td>
                <td className={`${cellClass} text-right`}>{formatFee(point.fee)}</td>
                <td className={cellClass}>{point.active ? "Yes" : "No"}</td>
                <td className={`${cellClass} text-stone-700`}>
                  {point.updatedBy ? `${when.format(point.updatedAt)} by ${point.updatedBy}` : "As first set up"}
                </td>
                <td className={cellClass}>
                  <EnableToggle id={point.id} enabled={point.active} name={point.name} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </form>
      {points.map((point) => (
        <details key={point.id} className="rounded-lg border border-stone-200 p-3">
          <summary className="cursor-pointer font-medium">Edit {point.name}</summary>
          <div className="mt-3">
            <PickupPointForm point={point} />
          </div>
        </details>
      ))}
    </div>
  );
}
