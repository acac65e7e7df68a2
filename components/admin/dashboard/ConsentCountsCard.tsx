import { Card } from "@/components/admin/Card";
import { TableHead } from "@/components/admin/TableHead";
import { cellClass, tableClass } from "@/components/admin/styles";
import type { ContactChannel } from "@/lib/db/values";
import { consentCopy } from "@/lib/winback/consent-copy";
import type { ConsentCounts } from "@/lib/winback/consents";

const channelLabels: Record<ContactChannel, string> = { sms: "Phones (SMS)", email: "E-mail addresses" };

/** How many phones and e-mail addresses take offers and reminders, and how many stopped them: counts, never a list. */
export function ConsentCountsCard({ counts }: { counts: ConsentCounts }) {
  return (
    <Card id="consents" title={consentCopy.staffTitle}>
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
              <td className={`${cellClass} text-right`}>{counts[channel].given}</td>
              <td className={`${cellClass} text-right`}>{counts[channel].withdrawn}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
