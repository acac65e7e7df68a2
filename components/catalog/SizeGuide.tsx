import { howToMeasure, sizeMeasureLabels, sizeMeasures, type SizeChartRow } from "@/lib/catalog/size-chart-rules";

/**
 * The product page's size guide: a disclosure (native, so it opens without JavaScript and from the
 * keyboard) holding the chart's rows for the sizes this product is sold in. Nothing without rows.
 */
export function SizeGuide({ rows }: { rows: SizeChartRow[] }) {
  if (rows.length === 0) return null;
  return (
    <details className="mt-6 rounded-lg border border-stone-300">
      <summary className="cursor-pointer rounded-lg px-4 py-3 font-semibold text-stone-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-green-800">
        Size guide
      </summary>
      <div className="overflow-x-auto px-4 pb-4">
        <table className="w-full text-left text-sm text-stone-900">
          <caption className="mb-2 text-left text-stone-700">{howToMeasure}</caption>
          <thead>
            <tr>
              <th scope="col" className={headCell}>
                Size
              </th>
              {sizeMeasures.map((measure) => (
                <th key={measure} scope="col" className={`${headCell} text-right`}>
                  {sizeMeasureLabels[measure]} (cm)
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.size}>
                <th scope="row" className={`${cell} font-semibold`}>
                  {row.size}
                </th>
                {sizeMeasures.map((measure) => (
                  <td key={measure} className={`${cell} text-right tabular-nums`}>
                    {row[measure]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

const headCell = "border-b border-stone-300 py-2 pr-4 font-semibold";
const cell = "border-b border-stone-200 py-2 pr-4";
