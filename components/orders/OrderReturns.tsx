import { formatOrderDate } from "@/lib/orders/format";
import type { OrderReturns as Returns } from "@/lib/returns/order-returns";
import { returnStatusLabels } from "@/lib/returns/rules";
import { ReturnForm } from "./ReturnForm";
import { ReturnLines } from "./ReturnLines";

/** A delivered order's returns: each request and where it stands, and 'Return or exchange' while the window is open. */
export function OrderReturns({ number, linkKey, returns }: { number: string; linkKey?: string; returns: Returns }) {
  if (returns.returns.length === 0 && !returns.form && returns.closed === null) return null;
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
      {returns.closed !== null && (
        <p data-testid="returns-closed" className="text-stone-700">
          {returns.closed}
        </p>
      )}
      {/* Always there while the order has returns, so its answer stays once the last line is asked for. */}
      <ReturnForm
        number={number}
        linkKey={linkKey}
        closesAt={returns.form?.closesAt ?? null}
        lines={(returns.form?.lines ?? []).map(({ id, name, bought, exchangeOptions }) => ({
          id,
          name,
          bought,
          exchangeOptions,
        }))}
      />
    </section>
  );
}
