import { formatKsh } from "@/lib/catalog/price";
import type { ReturnView } from "@/lib/returns/order-returns";

/** What a return sends back, line by line, and what each line becomes. */
export function ReturnLines({ lines }: { lines: ReturnView["lines"] }) {
  return (
    <ul className="list-disc pl-5">
      {lines.map((line, index) => (
        <li key={index}>
          {line.quantity} × {line.name}:{" "}
          {line.refund !== null
            ? `refund of ${formatKsh(line.refund)}`
            : `exchange for ${line.exchangeLabel ?? "another option"}`}
        </li>
      ))}
    </ul>
  );
}
