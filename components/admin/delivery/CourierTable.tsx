import { buttonStyles } from "@/components/ui/button-styles";
import { carrierLabels } from "@/lib/couriers/carriage-words";
import { handoverLabels } from "@/lib/couriers/courier-rules";
import type { CourierRow } from "@/lib/couriers/couriers";
import { TableHead } from "../TableHead";
import { cellClass, tableClass } from "../styles";
import { CourierForm } from "./CourierForm";
import { removeCourierAction } from "./actions";

/** Every courier: how it hands parcels over, its phone and tracking page, 'Remove' or 'Offer again', and a form to edit each. */
export function CourierTable({ couriers }: { couriers: CourierRow[] }) {
  return (
    <div className="space-y-4">
      <form action={removeCourierAction} className="overflow-x-auto">
        <table className={tableClass} aria-label="Couriers">
          <TableHead columns={["Courier", "Receives it", "Phone", "Tracking page", "Offered", "Change"]} />
          <tbody>
            {couriers.map((courier) => (
              <tr key={courier.id}>
                <td className={`${cellClass} font-medium`}>
                  {courier.name}
                  {courier.kind === "rider" && <span className="block text-sm text-stone-700">{carrierLabels.rider}</span>}
                </td>
                <td className={cellClass}>{handoverLabels[courier.handover]}</td>
                <td className={cellClass}>{courier.phone || "-"}</td>
                <td className={`${cellClass} break-all`}>{courier.trackingUrl || "None"}</td>
                <td className={cellClass}>{courier.archived ? "No (archived)" : "Yes"}</td>
                <td className={cellClass}>
                  {courier.kind === "courier" && (
                    <button
                      type="submit"
                      name="change"
                      value={`${courier.id}:${courier.archived ? "restore" : "remove"}`}
                      aria-label={`${courier.archived ? "Offer again" : "Remove"} ${courier.name}`}
                      className={buttonStyles.secondary}
                    >
                      {courier.archived ? "Offer again" : "Remove"}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </form>
      {couriers.map((courier) => (
        <details key={courier.id} className="rounded-lg border border-stone-200 p-3">
          <summary className="cursor-pointer font-medium">Edit {courier.name}</summary>
          <div className="mt-3">
            <CourierForm courier={courier} />
          </div>
        </details>
      ))}
    </div>
  );
}
