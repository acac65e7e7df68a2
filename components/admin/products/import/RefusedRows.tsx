import { TableHead } from "@/components/admin/TableHead";
import { cellClass, tableClass } from "@/components/admin/styles";
import type { RefusedRow } from "@/lib/catalog/sheet-plan";

/** The rows of a spreadsheet that were refused: each with its row number, SKU and reason. */
export function RefusedRows({ rows }: { rows: RefusedRow[] }) {
  return (
    <table className={`${tableClass} mt-3`} aria-label="Refused rows">
      <TableHead columns={["Row", "SKU", "Reason"]} right={["Row"]} />
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.row}-${row.sku}`}>
            <td className={`${cellClass} text-right`}>{row.row}</td>
            <td className={`${cellClass} break-all`}>{row.sku}</td>
            <td className={cellClass}>{row.reason}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
