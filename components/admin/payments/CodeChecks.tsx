import { RefreshWhilePending } from "@/components/orders/RefreshWhilePending";
import { env } from "@/lib/env";
import { codeCheckMessages } from "@/lib/orders/payment-copy";
import { formatOrderDate } from "@/lib/orders/format";
import type { listCodeChecks } from "@/lib/payments/mpesa/code-check";
import { cardClass } from "../styles";
import { CodeCheckForm } from "./CodeCheckForm";

type CodeCheck = Awaited<ReturnType<typeof listCodeChecks>>[number];

/** The form that checks a code with M-Pesa, and what came of the latest checks (re-read while one waits). */
export function CodeChecks({ checks }: { checks: CodeCheck[] }) {
  return (
    <section aria-label={codeCheckMessages.title} className={`${cardClass} flex flex-col gap-4`}>
      <CodeCheckForm />
      {checks.some((check) => check.state === "pending") && (
        <RefreshWhilePending everyMs={env().MPESA_PAGE_REFRESH_SECONDS * 1000} />
      )}
      {checks.length > 0 && (
        <div>
          <h3 className="font-semibold text-stone-900">{codeCheckMessages.listTitle}</h3>
          <ul data-testid="code-checks" className="flex flex-col gap-1 text-stone-700">
            {checks.map((check) => (
              <li key={check.id}>
                <span className="font-medium text-stone-900">{check.transId}</span>:{" "}
                {check.state === "pending" ? codeCheckMessages.pending : check.result} ({check.requestedBy},{" "}
                {formatOrderDate(check.createdAt)})
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
