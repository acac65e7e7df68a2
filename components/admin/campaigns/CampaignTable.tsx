import { EnableToggle } from "@/components/admin/EnableToggle";
import { TableHead } from "@/components/admin/TableHead";
import { cellClass, tableClass } from "@/components/admin/styles";
import { controlClass } from "@/components/ui/Field";
import { formatKsh } from "@/lib/catalog/price";
import { campaignSourceLabels } from "@/lib/marketing/campaign-rules";
import { campaignLinkPath, type CampaignReportRow } from "@/lib/marketing/campaigns";
import { site } from "@/lib/site";
import { toggleCampaignAction } from "./actions";

const columns = ["Campaign", "Shared on", "Leads to", "Short link", "Visits", "Orders", "Revenue", "Link"];

/** Every campaign with its figures for the chosen dates; each row's link is selectable text to copy. */
export function CampaignTable({ rows }: { rows: CampaignReportRow[] }) {
  if (rows.length === 0) return <p className="text-stone-700">No campaign links yet.</p>;
  return (
    <form action={toggleCampaignAction} className="overflow-x-auto">
      <table className={tableClass}>
        <caption className="sr-only">Campaign links and their figures</caption>
        <TableHead columns={columns} right={["Visits", "Orders", "Revenue"]} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid={`campaign-${row.name}`}>
              <th scope="row" className={`${cellClass} font-medium`}>
                {row.name}
              </th>
              <td className={cellClass}>{campaignSourceLabels[row.source]}</td>
              <td className={cellClass}>{row.target}</td>
              <td className={cellClass}>
                <input
                  type="url"
                  readOnly
                  aria-label={`Short link of ${row.name}`}
                  value={`${site.url}${campaignLinkPath(row.code)}`}
                  className={`${controlClass} min-w-56 font-mono text-sm`}
                />
              </td>
              <td className={`${cellClass} text-right`}>{row.visits}</td>
              <td className={`${cellClass} text-right`}>{row.orders}</td>
              <td className={`${cellClass} whitespace-nowrap text-right`}>{formatKsh(row.revenue)}</td>
              <td className={cellClass}>
                <EnableToggle id={row.id} enabled={row.enabled} name={row.name} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </form>
  );
}
