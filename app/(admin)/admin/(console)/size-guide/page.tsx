import { Card } from "@/components/admin/Card";
import { SizeChartForm } from "@/components/admin/size-guide/SizeChartForm";
import { backOfficeSections } from "@/lib/admin/sections";
import { listCategories } from "@/lib/catalog/category-queries";
import { apparelCategories, howToMeasure } from "@/lib/catalog/size-chart-rules";
import { listSizeCharts } from "@/lib/catalog/size-charts";
import { getDb } from "@/lib/server/database";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";
import { requireRole } from "@/lib/server/session";

export const generateMetadata = backOfficeMetadata(backOfficeSections.sizeGuide.label);

/** Each apparel category's size chart, which its product pages show in their size guide. */
export default async function SizeGuidePage() {
  await requireRole(backOfficeSections.sizeGuide);
  const db = await getDb();
  const [categories, charts] = await Promise.all([listCategories(db), listSizeCharts(db)]);
  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-bold">Size guide</h1>
      <p className="max-w-3xl text-sm text-stone-700">
        {howToMeasure} Leave a size blank if the category does not offer it; a product page shows the sizes it is sold in, and no
        guide when none of them is in the chart.
      </p>
      {apparelCategories(categories).map((category) => (
        <Card key={category.slug} id={`size-chart-${category.slug}`} title={category.name}>
          <SizeChartForm category={category} categories={categories} chart={charts[category.slug] ?? []} />
        </Card>
      ))}
    </div>
  );
}
