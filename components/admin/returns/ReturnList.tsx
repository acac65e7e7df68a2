import Link from "next/link";
import { ReturnLines } from "@/components/orders/ReturnLines";
import { formatOrderDate } from "@/lib/orders/format";
import { staffOrderPath } from "@/lib/orders/staff-filters";
import type { ReturnView } from "@/lib/returns/order-returns";
import { returnReasonLabels, returnStatusLabels } from "@/lib/returns/rules";
import { cardClass, linkClass } from "../styles";
import { ReturnSteps } from "./ReturnSteps";

/** The back office's returns, newest first: the order, what comes back and why, where it stands, and its next steps. */
export function ReturnList({ returns }: { returns: ReturnView[] }) {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-stone-900">Returns</h1>
      {returns.length === 0 && <p className="text-stone-700">No returns yet.</p>}
      {returns.map((request) => (
        <section
          key={request.id}
          aria-labelledby={`return-${request.id}-title`}
          data-testid="return-row"
          className={`${cardClass} flex flex-col gap-2`}
        >
          <h2 id={`return-${request.id}-title`} className="text-lg font-semibold text-stone-900">
            Return {request.id} for order{" "}
            <Link href={staffOrderPath(request.orderNumber)} className={`${linkClass} whitespace-nowrap`}>
              {request.orderNumber}
            </Link>
          </h2>
          <p className="text-stone-700">
            Asked {formatOrderDate(request.createdAt)} · {returnReasonLabels[request.reason]} · Status:{" "}
            <span data-testid="return-status">{returnStatusLabels[request.status]}</span>
          </p>
          <ReturnLines lines={request.lines} withPrices />
          {request.note && <p className="whitespace-pre-line break-words text-stone-900">“{request.note}”</p>}
          {request.declineReason && <p className="text-stone-900">{request.declineReason}</p>}
          {request.exchangeOrderNumber && (
            <p>
              Exchange shipped as order{" "}
              <Link href={staffOrderPath(request.exchangeOrderNumber)} className={linkClass}>
                {request.exchangeOrderNumber}
              </Link>
            </p>
          )}
          <ReturnSteps returnId={request.id} status={request.status} />
        </section>
      ))}
    </div>
  );
}
