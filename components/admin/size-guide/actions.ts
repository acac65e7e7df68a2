"use server";

import { refresh } from "next/cache";
import { failedAnswer, formAnswer, type FormState } from "@/components/ui/form-state";
import { backOfficeSections } from "@/lib/admin/sections";
import { listCategories } from "@/lib/catalog/category-queries";
import { fixBelow } from "@/lib/catalog/product-input";
import { parseSizeChartForm, sizeChartMessages } from "@/lib/catalog/size-chart-rules";
import { saveSizeChart } from "@/lib/catalog/size-charts";
import { revalidateSizeChart } from "@/lib/server/catalog-cache";
import { getDb } from "@/lib/server/database";
import { staffAction } from "@/lib/server/staff-action";

/**
 * A category's 'Save chart': the whole form checked again here (a post that skips the browser's
 * checks stores nothing), then the chart replaced in one transaction; the category's product pages
 * re-render on every instance.
 */
export const saveSizeChartAction = staffAction(
  "saveSizeChart",
  backOfficeSections.sizeGuide,
  async (_user, previous: FormState, formData: FormData) => {
    const fields = Object.fromEntries(formData);
    const db = await getDb();
    const parsed = parseSizeChartForm(fields, await listCategories(db));
    if (!parsed.ok) {
      // The category is a hidden field: only a hand-made post gets it wrong, and no field shows its message.
      const message = parsed.errors.category ?? fixBelow;
      return formAnswer(previous, { errors: parsed.errors, values: postedValues(fields), ok: false, message });
    }
    await saveSizeChart(db, parsed.data);
    revalidateSizeChart(parsed.data.category);
    refresh();
    return formAnswer(previous, { ok: true, message: sizeChartMessages.saved });
  },
  failedAnswer,
);

/** The posted measurements, to put back beside their messages (short: they are numbers). */
function postedValues(fields: Record<string, FormDataEntryValue>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields))
    if (typeof value === "string" && name.startsWith("chart-")) values[name] = value.slice(0, 10);
  return values;
}
