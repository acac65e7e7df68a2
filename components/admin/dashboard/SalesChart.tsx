import Link from "next/link";
import { cellClass, linkClass, tableClass } from "@/components/admin/styles";
import { TableHead } from "@/components/admin/TableHead";
import { formatKsh } from "@/lib/catalog/price";
import { chartRanges, dashboardHref, type ChartRange } from "@/lib/orders/dashboard";
import type { DaySales } from "@/lib/orders/revenue";

const dayFormat = new Intl.DateTimeFormat("en-KE", { day: "numeric", month: "short", timeZone: "UTC" });
const formatDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

/**
 * Revenue, orders and refunds per day as three bar charts (plain SVG, drawn on the server; their
 * labels are HTML so they stay legible on a phone), the range as links, and every figure in a table.
 */
export function SalesChart({ days, range }: { days: DaySales[]; range: ChartRange }) {
  const span = { first: formatDay(days[0].date), last: formatDay(days[days.length - 1].date) };
  return (
    <div className="flex flex-col gap-4">
      <nav aria-label="Chart range" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {chartRanges.map((option) => (
          <Link
            key={option}
            href={dashboardHref(option)}
            aria-current={option === range ? "page" : undefined}
            className={option === range ? "font-semibold text-stone-900" : linkClass}
          >
            Last {option} days
          </Link>
        ))}
      </nav>
      <Bars title="Revenue (KSh)" values={days.map((day) => day.revenue)} format={formatKsh} span={span} tone="fill-green-700" />
      <Bars title="Orders" values={days.map((day) => day.orders)} format={String} span={span} tone="fill-sky-700" />
      <Bars title="Refunds (KSh)" values={days.map((day) => day.refunds)} format={formatKsh} span={span} tone="fill-red-700" />
      <details>
        <summary className={`${linkClass} cursor-pointer`}>The figures as a table</summary>
        <FiguresTable days={days} />
      </details>
    </div>
  );
}

/** One series as bars from a zero line; a negative day (more refunded than received) hangs below it. */
function Bars({
  title,
  values,
  format,
  span,
  tone,
}: {
  title: string;
  values: number[];
  format: (value: number) => string;
  span: { first: string; last: string };
  tone: string;
}) {
  const top = Math.max(0, ...values);
  const bottom = Math.min(0, ...values);
  const height = 100;
  const scale = top - bottom === 0 ? 0 : height / (top - bottom);
  const zero = top * scale;
  const total = values.reduce((sum, value) => sum + value, 0);
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="flex flex-wrap justify-between gap-x-4 text-sm">
        <span className="font-medium text-stone-900">{title}</span>
        <span className="text-stone-700">
          Total {format(total)} · highest day {format(top)}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${values.length} ${height}`}
        preserveAspectRatio="none"
        className="h-24 w-full rounded bg-stone-50"
        role="img"
        aria-label={`${title} per day, ${span.first} to ${span.last}: total ${format(total)}. The table below has each day.`}
      >
        {values.map((value, index) => (
          <rect
            key={index}
            x={index + 0.1}
            width={0.8}
            y={value >= 0 ? zero - value * scale : zero}
            height={Math.abs(value) * scale}
            className={value >= 0 ? tone : "fill-red-700"}
          />
        ))}
        <line
          x1={0}
          x2={values.length}
          y1={zero}
          y2={zero}
          className="stroke-stone-400"
          strokeWidth={0.5}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <p className="flex justify-between text-xs text-stone-700" aria-hidden="true">
        <span>{span.first}</span>
        <span>{span.last}</span>
      </p>
    </figure>
  );
}

function FiguresTable({ days }: { days: DaySales[] }) {
  return (
    <div className="mt-2 overflow-x-auto">
      <table className={tableClass} data-testid="sales-table">
        <caption className="sr-only">Revenue, orders and refunds per day, oldest first</caption>
        <TableHead
          columns={["Day", "Revenue (KSh)", "Orders", "Refunds (KSh)"]}
          right={["Revenue (KSh)", "Orders", "Refunds (KSh)"]}
        />
        <tbody>
          {days.map((day) => (
            <tr key={day.date} data-testid="sales-day" data-date={day.date}>
              <th scope="row" className={`${cellClass} font-medium`}>
                {day.date}
              </th>
              <td className={`${cellClass} text-right`}>{day.revenue}</td>
              <td className={`${cellClass} text-right`}>{day.orders}</td>
              <td className={`${cellClass} text-right`}>{day.refunds}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
