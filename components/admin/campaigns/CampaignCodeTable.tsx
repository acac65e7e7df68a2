import { TableHead } from "@/components/admin/TableHead";
import { cellClass, tableClass } from "@/components/admin/styles";
import { formatKsh } from "@/lib/catalog/price";
import type { CampaignCodeRow } from "@/lib/marketing/campaign-codes";

const columns = ["Code", "Campaign", "Orders", "Revenue"];

/** The discount codes linked to campaigns, with their orders and revenue for the chosen dates. */
export function CampaignCodeTable({ rows }: { rows: CampaignCodeRow[] }) {
  if (rows.length === 0) return <p className="text-stone-700">No discount code is linked to a campaign yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className={tableClass}>
        <caption className="sr-only">Discount codes of campaigns and their figures</caption>
        <TableHead columns={columns} right={["Orders", "Revenue"]} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid={`campaign-code-${row.code}`}>
              <th scope="row" className={`${cellClass} font-mono font-medium`}>
                {row.code}
              </th>
              <td className={cellClass}>{row.campaign}</td>
              <td className={`${cellClass} text-right`}>{row.orders}</td>
              <td className={`${cellClass} whitespace-nowrap text-right`}>{formatKsh(row.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
