import { Card } from "@/components/admin/Card";
import { CampaignForm } from "@/components/admin/campaigns/CampaignForm";
import { CampaignTable } from "@/components/admin/campaigns/CampaignTable";
import { CampaignCodeTable } from "@/components/admin/campaigns/CampaignCodeTable";
import { campaignCodeReport } from "@/lib/marketing/campaign-codes";
import { buttonStyles } from "@/components/ui/button-styles";
import { controlClass } from "@/components/ui/Field";
import { backOfficeSections } from "@/lib/admin/sections";
import { shownCategories } from "@/lib/catalog/categories";
import { listCategories } from "@/lib/catalog/category-queries";
import { getDb } from "@/lib/server/database";
import { parseReportRange } from "@/lib/marketing/campaign-rules";
import { listCampaignProductChoices, campaignReport } from "@/lib/marketing/campaigns";
import { revenueRuleNote } from "@/lib/orders/revenue";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";
import { requireRole } from "@/lib/server/session";
import { nairobiDate } from "@/lib/time/nairobi";

export const generateMetadata = backOfficeMetadata(backOfficeSections.campaigns.label);

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CampaignsPage({ searchParams }: Props) {
  const range = parseReportRange(await searchParams, nairobiDate(new Date()));
  await requireRole(backOfficeSections.campaigns, `${backOfficeSections.campaigns.path}?from=${range.from}&to=${range.to}`);
  const db = await getDb();
  const [rows, products, categories, codeRows] = await Promise.all([
    campaignReport(db, range),
    listCampaignProductChoices(db),
    listCategories(db),
    campaignCodeReport(db, range),
  ]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Campaigns</h1>
      <Card id="new-campaign" title="New campaign link">
        <CampaignForm products={products} categories={shownCategories(categories)} />
      </Card>
      <Card id="campaigns" title="Campaign links">
        <form className="mb-4 flex flex-wrap items-end gap-3">
          {(["from", "to"] as const).map((name) => (
            <div key={name} className="flex flex-col gap-1">
              <label htmlFor={`range-${name}`} className="text-sm font-medium">
                {name === "from" ? "From" : "To"}
              </label>
              <input id={`range-${name}`} type="date" name={name} defaultValue={range[name]} className={controlClass} />
            </div>
          ))}
          <button type="submit" className={buttonStyles.secondary}>
            Show
          </button>
        </form>
        <p className="mb-3 text-sm text-stone-700">
          Visits by their date and orders by theirs, Nairobi time. Revenue (KSh) within the dates: {revenueRuleNote}
        </p>
        <CampaignTable rows={rows} />
        <h3 className="mb-2 mt-6 font-semibold">Discount codes of campaigns</h3>
        <CampaignCodeTable rows={codeRows} />
      </Card>
    </div>
  );
}
