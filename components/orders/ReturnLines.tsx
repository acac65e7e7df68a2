import { formatKsh } from "@/lib/catalog/price";
import type { ExchangeTarget, ReturnView } from "@/lib/returns/order-returns";

/**
 * What a return sends back, line by line, and what each line becomes. Staff (`withPrices`) also
 * read an exchange's price now against the price paid, before they approve it.
 */
export function ReturnLines({ lines, withPrices = false }: { lines: ReturnView["lines"]; withPrices?: boolean }) {
  return (
    <ul className="list-disc pl-5">
      {lines.map((line, index) => (
        <li key={index}>
          {line.quantity} × {line.name}:{" "}
          {line.refund !== null
            ? `refund of ${formatKsh(line.refund)}`
            : `exchange for ${line.exchange?.label ?? "another option"}`}
          {withPrices && line.exchange && `, ${exchangePrice(line.exchange)}`}
        </li>
      ))}
    </ul>
  );
}

/** 'KSh 899 each, KSh 500 more than paid', or 'KSh 2,400 each, as paid'. */
function exchangePrice({ price, difference }: ExchangeTarget): string {
  if (difference === 0) return `${formatKsh(price)} each, as paid`;
  return `${formatKsh(price)} each, ${formatKsh(Math.abs(difference))} ${difference > 0 ? "more" : "less"} than paid`;
}
