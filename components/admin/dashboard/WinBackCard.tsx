import { Card } from "@/components/admin/Card";
import { TableHead } from "@/components/admin/TableHead";
import { cellClass, tableClass } from "@/components/admin/styles";
import { formatKsh } from "@/lib/catalog/price";
import type { ContactChannel } from "@/lib/db/values";
import { WON_BACK_DAYS, type WonBack } from "@/lib/orders/alert-orders";
import { revenueRuleNote } from "@/lib/orders/revenue";
import { consentCopy } from "@/lib/winback/consent-copy";
import type { ConsentCounts } from "@/lib/winback/consents";

const channelLabels: Record<ContactChannel, string> = { sms: "Phones (SMS)", email: "E-mail addresses" };

/**
 * Winning shoppers back: the orders that followed a back-in-stock alert or a checkout reminder, and
 * how many phones and e-mail addresses take offers and reminders (counts, never a list).
 */
export function WinBackCard({ wonBack, range, consents }: { wonBack: WonBack; range: number; consents: ConsentCounts }) {
  return (
    <Card id="win-back" title="Shoppers won back">
      <p className="text-stone-900" data-testid="won-back">
        {`${wonBack.orders} ${wonBack.orders === 1 ? "order" : "orders"} in the last ${range} days within ${WON_BACK_DAYS} days after a back-in-stock alert or an unfinished-checkout reminder: ${formatKsh(wonBack.revenue)}.`}
      </p>
      <p className="mb-4 text-xs text-stone-700">{revenueRuleNote}</p>
      <h3 className="font-semibold text-stone-900">{consentCopy.staffTitle}</h3>
      <p className="mb-3 text-sm text-stone-700">{consentCopy.staffHint}</p>
      <table className={tableClass}>
        <caption className="sr-only">{consentCopy.staffTitle}</caption>
        <TableHead columns={["Channel", "Consenting", "Withdrawn"]} right={["Consenting", "Withdrawn"]} />
        <tbody>
          {(Object.keys(channelLabels) as ContactChannel[]).map((channel) => (
            <tr key={channel} data-testid={`consents-${channel}`}>
              <th scope="row" className={`${cellClass} font-medium`}>
                {channelLabels[channel]}
              </th>
              <td className={`${cellClass} text-right`}>{consents[channel].given}</td>
              <td className={`${cellClass} text-right`}>{consents[channel].withdrawn}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
