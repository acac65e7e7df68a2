import { TableHead } from "@/components/admin/TableHead";
import { cellClass, tableClass } from "@/components/admin/styles";
import type { StockMovementView } from "@/lib/stock/movements";

const when = new Intl.DateTimeFormat("en-KE", { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Nairobi" });

/** A variant's stock history, newest first: when, who, why, by how much and the level it left. */
export function StockHistory({ movements }: { movements: StockMovementView[] }) {
  if (movements.length === 0) return <p className="text-stone-700">No stock changes yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className={tableClass}>
        <caption className="sr-only">Stock changes, newest first</caption>
        <TableHead columns={["When", "Who", "Reason", "Change", "Level"]} right={["Change", "Level"]} />
        <tbody>
          {movements.map((movement) => (
            <tr key={movement.id}>
              <td className={cellClass}>{when.format(movement.at)}</td>
              <td className={`${cellClass} break-all`}>{movement.actorLabel}</td>
              <td className={cellClass}>{movement.reasonLabel}</td>
              <td className={`${cellClass} text-right`}>{movement.change > 0 ? `+${movement.change}` : movement.change}</td>
              <td className={`${cellClass} text-right`}>{movement.level}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
