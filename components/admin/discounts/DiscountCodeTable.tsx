import { EnableToggle } from "@/components/admin/EnableToggle";
import { TableHead } from "@/components/admin/TableHead";
import { cellClass, tableClass } from "@/components/admin/styles";
import { formatKsh } from "@/lib/catalog/price";
import type { DiscountCodeRow } from "@/lib/discounts/manage";
import { formatNairobiDateTime } from "@/lib/time/nairobi";
import { toggleDiscountCodeAction } from "./actions";

const columns = ["Code", "Off", "Period (Nairobi)", "Uses", "Status", "History", "Change"];

/** Every code with its uses and its history; each row's button disables or enables it (without JavaScript too). */
export function DiscountCodeTable({ rows }: { rows: DiscountCodeRow[] }) {
  if (rows.length === 0) return <p className="text-stone-700">No discount codes yet.</p>;
  return (
    <form action={toggleDiscountCodeAction} className="overflow-x-auto">
      <table className={tableClass}>
        <caption className="sr-only">Discount codes, their uses and their history</caption>
        <TableHead columns={columns} right={["Uses"]} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid={`discount-${row.code}`}>
              <th scope="row" className={`${cellClass} font-mono font-medium`}>
                {row.code}
              </th>
              <td className={cellClass}>{row.kind === "percent" ? `${row.value}%` : formatKsh(row.value)}</td>
              <td className={`${cellClass} whitespace-nowrap`}>
                {formatNairobiDateTime(row.startsAt)} – {row.endsAt ? formatNairobiDateTime(row.endsAt) : "no end"}
              </td>
              <td className={`${cellClass} text-right`}>
                {row.uses}
                {row.maxUses !== null && ` of ${row.maxUses}`}
              </td>
              <td className={cellClass}>{row.enabled ? "On" : "Disabled"}</td>
              <td className={`${cellClass} text-sm`}>
                <ul>
                  {row.history.map((entry) => (
                    <li key={entry.id}>
                      {entry.change} by {entry.actorLabel}, {formatNairobiDateTime(entry.at)}
                    </li>
                  ))}
                </ul>
              </td>
              <td className={cellClass}>
                <EnableToggle id={row.id} enabled={row.enabled} name={row.code} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </form>
  );
}
