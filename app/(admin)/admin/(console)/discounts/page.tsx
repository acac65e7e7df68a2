import { Card } from "@/components/admin/Card";
import { DiscountCodeTable } from "@/components/admin/discounts/DiscountCodeTable";
import { NewDiscountCodeForm } from "@/components/admin/discounts/NewDiscountCodeForm";
import { backOfficeSections } from "@/lib/admin/sections";
import { listCategories } from "@/lib/catalog/category-queries";
import { listCampaignChoices, listDiscountCodes } from "@/lib/discounts/manage";
import { listCampaignProductChoices } from "@/lib/marketing/campaigns";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";
import { getDb } from "@/lib/server/database";
import { requireRole } from "@/lib/server/session";
import { nairobiTimestamp } from "@/lib/time/nairobi";

export const generateMetadata = backOfficeMetadata(backOfficeSections.discounts.label);

export default async function DiscountsPage() {
  await requireRole(backOfficeSections.discounts);
  const db = await getDb();
  const [rows, products, campaignChoices, categories] = await Promise.all([
    listDiscountCodes(db),
    listCampaignProductChoices(db),
    listCampaignChoices(db),
    listCategories(db),
  ]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Discounts</h1>
      <Card id="new-discount" title="New discount code">
        <NewDiscountCodeForm
          products={products}
          campaigns={campaignChoices}
          categories={categories}
          startsNow={nairobiTimestamp(new Date()).replace(" ", "T")}
        />
      </Card>
      <Card id="discounts" title="Discount codes">
        <DiscountCodeTable rows={rows} />
      </Card>
    </div>
  );
}
