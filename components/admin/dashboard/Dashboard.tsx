import Link from "next/link";
import { cardClass, cellClass, linkClass, tableClass } from "@/components/admin/styles";
import { formatKsh } from "@/lib/catalog/price";
import { lowStockThreshold } from "@/lib/stock/labels";
import type { ChartRange, DashboardFigures } from "@/lib/orders/dashboard";
import { revenueRuleNote } from "@/lib/orders/revenue";
import { staffOrdersHref } from "@/lib/orders/staff-filters";
import { variantStockPath } from "@/lib/stock/variants";
import { TableHead } from "@/components/admin/TableHead";
import { Card } from "@/components/admin/Card";
import { InvoiceAlerts } from "@/components/admin/invoices/InvoiceAlerts";
import { SetupBanner } from "@/components/admin/SetupBanner";
import type { InvoiceAlerts as InvoiceAlertFigures } from "@/lib/invoices/staff-list";
import type { ConsentCounts } from "@/lib/winback/consents";
import { WinBackCard } from "./WinBackCard";
import { SalesChart } from "./SalesChart";

const dayFormat = new Intl.DateTimeFormat("en-KE", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/**
 * The figures at a glance. Each links to the order list it counts when the viewer may open the
 * order list (`ordersLinked`); marketing sees the figures without the links. A low-stock variant
 * links to its stock page for those who may adjust stock (`stockLinked`), else to the shop's page.
 * A set-up warning (`setupWarning`: e-mails written to the log) and invoice warnings come first,
 * the latter for those who may open the invoices (`invoiceAlerts`, else null).
 */
export function Dashboard({
  figures,
  invoiceAlerts,
  setupWarning,
  range,
  ordersLinked,
  stockLinked,
  consents,
}: {
  consents: ConsentCounts;
  figures: DashboardFigures;
  invoiceAlerts: InvoiceAlertFigures | null;
  setupWarning: string | null;
  range: ChartRange;
  ordersLinked: boolean;
  stockLinked: boolean;
}) {
  return (
    <div className="flex max-w-5xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Dashboard</h1>
        <p className="text-stone-700">Today in Nairobi: {dayFormat.format(new Date(`${figures.today}T00:00:00Z`))}</p>
      </div>

      {setupWarning && <SetupBanner testId="mail-setup">{setupWarning}</SetupBanner>}
      {invoiceAlerts && <InvoiceAlerts alerts={invoiceAlerts} />}

      <section aria-labelledby="figures-title">
        <h2 id="figures-title" className="sr-only">
          Orders
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {figureCards(figures).map((card) => (
            <FigureCard key={card.label} card={card} linked={ordersLinked} />
          ))}
        </ul>
      </section>

      <Card id="sales" title="Sales per day">
        <p className="mb-3 text-sm text-stone-700">{revenueRuleNote}</p>
        <SalesChart days={figures.days} range={range} />
      </Card>

      <Card id="low-stock" title="Low stock">
        <p className="mb-3 text-sm text-stone-700">
          Variants on sale with {lowStockThreshold} or fewer left: shoppers see &lsquo;Only N left&rsquo; or &lsquo;Sold
          out&rsquo;.
          {figures.lowStockCount > figures.lowStock.length &&
            ` Showing the ${figures.lowStock.length} lowest of ${figures.lowStockCount}.`}
        </p>
        {figures.lowStock.length === 0 ? (
          <p className="text-stone-700">Every variant has more than {lowStockThreshold} in stock.</p>
        ) : (
          <LowStockTable variants={figures.lowStock} stockLinked={stockLinked} />
        )}
      </Card>

      <WinBackCard wonBack={figures.wonBack} range={range} consents={consents} />
    </div>
  );
}

type FigureCardData = { label: string; value: string; testId: string; href?: string; note?: string };

/** The four headline figures, each with the order list it counts where there is one. */
function figureCards(figures: DashboardFigures): FigureCardData[] {
  const today = { from: figures.today, to: figures.today };
  return [
    {
      label: "Orders today",
      value: String(figures.ordersToday),
      testId: "orders-today",
      href: staffOrdersHref(today),
      note: "Cancelled ones included",
    },
    {
      label: "Revenue today",
      value: formatKsh(figures.revenueToday),
      testId: "revenue-today",
      note: revenueRuleNote,
    },
    {
      label: "Waiting to be confirmed",
      value: String(figures.awaitingConfirmation),
      testId: "awaiting-confirmation",
      href: staffOrdersHref({ status: "placed" }),
    },
    {
      label: "Waiting to be dispatched",
      value: String(figures.awaitingDispatch),
      testId: "awaiting-dispatch",
      href: staffOrdersHref({ status: "confirmed" }),
    },
  ];
}

function FigureCard({ card, linked }: { card: FigureCardData; linked: boolean }) {
  return (
    <li className={cardClass}>
      <p className="text-sm font-medium text-stone-700">{card.label}</p>
      <p className="mt-1 text-3xl font-bold text-stone-900" data-testid={card.testId}>
        {card.value}
      </p>
      {card.note && <p className="mt-1 text-xs text-stone-700">{card.note}</p>}
      {card.href && linked && (
        <Link
          href={card.href}
          aria-label={`See the orders: ${card.label.toLowerCase()}`}
          className={`${linkClass} mt-2 inline-block text-sm`}
        >
          See the orders
        </Link>
      )}
    </li>
  );
}

function LowStockTable({ variants, stockLinked }: { variants: DashboardFigures["lowStock"]; stockLinked: boolean }) {
  return (
    <div className="overflow-x-auto">
      <table className={tableClass}>
        <caption className="sr-only">Variants low on stock, lowest first</caption>
        <TableHead columns={["Product", "Option", "In stock"]} right={["In stock"]} />
        <tbody>
          {variants.map((variant) => (
            <tr key={variant.variantId}>
              <th scope="row" className={`${cellClass} font-medium`}>
                {stockLinked ? (
                  variant.productName
                ) : (
                  <Link href={`/products/${variant.productSlug}`} className={linkClass}>
                    {variant.productName}
                  </Link>
                )}
              </th>
              <td className={cellClass}>
                {stockLinked ? (
                  <Link
                    href={variantStockPath(variant.productId, variant.variantId)}
                    aria-label={`Stock of ${variant.productName}, ${variant.variantLabel || "one size"}`}
                    className={linkClass}
                  >
                    {variant.variantLabel || "One size"}
                  </Link>
                ) : (
                  variant.variantLabel || "-"
                )}
              </td>
              <td className={`${cellClass} text-right ${variant.stock === 0 ? "font-bold text-red-800" : ""}`}>
                {variant.stock === 0 ? "Sold out" : variant.stock}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
