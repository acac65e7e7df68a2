import { formatOrderDate } from "@/lib/orders/format";
import type { OrderReturns as Returns } from "@/lib/returns/order-returns";
import { returnStatusLabels } from "@/lib/returns/rules";
import { ReturnForm } from "./ReturnForm";
import { ReturnLines } from "./ReturnLines";

/** A delivered order's returns: each request and where it stands, and 'Return or exchange' while the window is open. */
export function OrderReturns({ number, linkKey, returns }: { number: string; linkKey?: string; returns: Returns }) {
  if (returns.returns.length === 0 && !returns.form) return null;
  return (
    <section aria-labelledby="returns-title" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6">
      <h2 id="returns-title" className="mb-2 text-lg font-semibold text-stone-900">
        Returns and exchanges
      </h2>
      {returns.returns.map((request) => (
        <div key={request.id} data-testid="return" className="mb-4 flex flex-col gap-1 text-stone-900">
          <p>
            Asked {formatOrderDate(request.createdAt)} · Status:{" "}
            <span data-testid="return-status">{returnStatusLabels[request.status]}</span>
          </p>
          <ReturnLines lines={request.lines} />
          {request.declineReason && <p>{request.declineReason}</p>}
          {request.exchangeOrderNumber && <p>Your exchange ships as order {request.exchangeOrderNumber}.</p>}
        </div>
      ))}
      {returns.form && (
        <details className="group">
          <summary className="cursor-pointer rounded font-medium text-green-800 underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-green-800">
            Return or exchange
          </summary>
          <p className="my-3 text-stone-700">
            You may return unworn items until {formatOrderDate(returns.form.closesAt)}, for a refund or another size or colour.
          </p>
          <ReturnForm
            number={number}
            linkKey={linkKey}
            lines={returns.form.lines.map(({ id, name, bought, exchangeOptions }) => ({ id, name, bought, exchangeOptions }))}
          />
        </details>
      )}
    </section>
  );
}
