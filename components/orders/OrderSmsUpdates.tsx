import { SubmitButton } from "@/components/ui/SubmitButton";
import { smsLabels } from "@/lib/orders/sms-labels";
import { orderLinkParam } from "@/lib/orders/status";
import { stopOrderTextsAction } from "./sms-actions";

/** Whether the order's buyer gets texts, and the button that stops them (the way every text points to). */
export function OrderSmsUpdates({ number, on, linkKey }: { number: string; on: boolean; linkKey?: string }) {
  return (
    <section aria-labelledby="sms-title" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6">
      <h2 id="sms-title" className="mb-2 text-lg font-semibold text-stone-900">
        {smsLabels.orderTitle}
      </h2>
      {on ? (
        <form action={stopOrderTextsAction} className="flex flex-wrap items-center gap-3">
          <p className="text-stone-700">{smsLabels.orderOn}</p>
          <input type="hidden" name="number" value={number} />
          {linkKey && <input type="hidden" name={orderLinkParam} value={linkKey} />}
          <SubmitButton look="secondary" pendingText={smsLabels.stopping}>
            {smsLabels.stop}
          </SubmitButton>
        </form>
      ) : (
        <p className="text-stone-700">{smsLabels.orderOff}</p>
      )}
    </section>
  );
}
