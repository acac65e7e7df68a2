import { headCellClass } from "./styles";

/** A back-office table's header row: one column heading each, the numbers' columns aligned right. */
export function TableHead({ columns, right = [] }: { columns: string[]; right?: string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((heading) => (
          <th key={heading} scope="col" className={`${headCellClass} ${right.includes(heading) ? "text-right" : ""}`}>
            {heading}
          </th>
        ))}
      </tr>
    </thead>
  );
}
