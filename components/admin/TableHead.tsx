import { headCellClass } from "./styles";

/**
 * A back-office table's header row: one column heading each, the numbers' columns aligned right.
 * `className` lets a table that stacks into cards on a phone keep its headings for screen readers only.
 */
export function TableHead({ columns, right = [], className }: { columns: string[]; right?: string[]; className?: string }) {
  return (
    <thead className={className}>
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
