import Link from "next/link";
import { buttonStyles } from "@/components/ui/button-styles";
import { controlClass } from "@/components/ui/Field";
import { formatKsh } from "@/lib/catalog/price";
import {
  maxOrderQueryLength,
  ordersExportHref,
  staffOrderPath,
  staffOrdersHref,
  paymentViews,
  statusTabs,
  type OrderFilters,
} from "@/lib/orders/staff-filters";
import { paymentMethodLabels, paymentStatusLabels } from "@/lib/orders/payment-copy";
import type { StaffOrderList } from "@/lib/orders/staff-list";
import { formatNairobiDateTime } from "@/lib/time/nairobi";
import { OrderStatusBadge } from "./OrderStatusBadge";
import { linkClass, tableClass } from "@/components/admin/styles";
import { Pagination } from "@/components/admin/Pagination";
import { TableHead } from "@/components/admin/TableHead";

/** The back office's order list: status tabs, the search and date form, the table and its pages, and the CSV export. */
export function OrderList({ filters, list }: { filters: OrderFilters; list: StaffOrderList }) {
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Orders</h1>
        {/* A plain link: the route answers with a file to download, which client navigation must not fetch. */}
        <a href={ordersExportHref(filters)} download className={buttonStyles.secondary}>
          Export CSV
        </a>
      </div>
      <StatusTabs filters={filters} />
      <PaymentViews filters={filters} />
      <SearchForm filters={filters} />
      <p className="text-sm text-stone-700" data-testid="order-count">
        {list.total === 1 ? "1 order" : `${list.total.toLocaleString("en-KE")} orders`}
        {list.pageCount > 1 && `, page ${list.page} of ${list.pageCount}`}
      </p>
      <OrderTable list={list} />
      <Pagination
        label="Pages of orders"
        page={list.page}
        pageCount={list.pageCount}
        href={(page) => staffOrdersHref({ ...filters, page })}
      />
    </div>
  );
}

/** Awaiting payment, refund due, or any payment: links that keep the other filters. */
function PaymentViews({ filters }: { filters: OrderFilters }) {
  return (
    <nav aria-label="Payment">
      <ul className="flex flex-wrap gap-3 text-sm">
        {paymentViews.map((view) => (
          <li key={view.value}>
            <Link
              href={staffOrdersHref({ ...filters, payment: view.value, page: 1 })}
              aria-current={view.value === filters.payment ? "page" : undefined}
              className="font-medium text-green-800 underline aria-[current=page]:font-bold aria-[current=page]:text-stone-900 aria-[current=page]:no-underline"
            >
              {view.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One link per status, the current one marked for screen readers and by its look. */
function StatusTabs({ filters }: { filters: OrderFilters }) {
  return (
    <nav aria-label="Order status">
      <ul className="flex flex-wrap gap-1 border-b border-stone-300">
        {statusTabs.map((tab) => {
          const current = tab.value === filters.status;
          return (
            <li key={tab.value}>
              <Link
                href={staffOrdersHref({ ...filters, status: tab.value, page: 1 })}
                aria-current={current ? "page" : undefined}
                className={`-mb-px block rounded-t-md border px-3 py-2 text-sm font-medium ${
                  current
                    ? "border-stone-300 border-b-white bg-white text-green-900"
                    : "border-transparent text-stone-700 hover:bg-stone-100 hover:text-stone-900"
                }`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A GET form, so every search is a URL staff can share or bookmark; the tab is kept, the page starts over. */
function SearchForm({ filters }: { filters: OrderFilters }) {
  const filtered = filters.q !== "" || filters.from !== null || filters.to !== null;
  return (
    <form
      role="search"
      aria-label="Find orders"
      method="get"
      action={staffOrdersHref()}
      className="flex flex-wrap items-end gap-3"
    >
      {filters.status !== "all" && <input type="hidden" name="status" value={filters.status} />}
      <div className="flex min-w-64 flex-1 flex-col gap-1">
        <label htmlFor="order-search" className="text-sm font-medium text-stone-900">
          Order number, phone or e-mail
        </label>
        <input
          id="order-search"
          name="q"
          type="search"
          defaultValue={filters.q}
          maxLength={maxOrderQueryLength}
          autoComplete="off"
          className={controlClass}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="order-from" className="text-sm font-medium text-stone-900">
          Placed from
        </label>
        <input id="order-from" name="from" type="date" defaultValue={filters.from ?? ""} className={controlClass} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="order-to" className="text-sm font-medium text-stone-900">
          Placed until
        </label>
        <input id="order-to" name="to" type="date" defaultValue={filters.to ?? ""} className={controlClass} />
      </div>
      <button type="submit" className={buttonStyles.primary}>
        Search
      </button>
      {filtered && (
        <Link href={staffOrdersHref({ status: filters.status })} className={`${linkClass} py-2.5`}>
          Clear search
        </Link>
      )}
      <p className="w-full text-sm text-stone-700">Dates are days in Nairobi time.</p>
    </form>
  );
}

/**
 * Below sm each row is a card, so a phone shows the status and the total without scrolling sideways:
 * number and status, customer and total, then when, where and how it was paid. From sm up, the table.
 */
function OrderTable({ list }: { list: StaffOrderList }) {
  return (
    <div className="overflow-x-auto rounded-xl bg-white px-4 shadow-sm ring-1 ring-stone-200">
      <table className={`${tableClass} block sm:table`}>
        <caption className="sr-only">Orders, newest first</caption>
        <TableHead
          columns={["Order", "Placed", "Customer", "Where", "Total", "Payment", "Status"]}
          right={["Total"]}
          className="sr-only sm:not-sr-only sm:table-header-group"
        />
        <tbody className="block sm:table-row-group">
          {list.rows.length === 0 && (
            <tr className="block sm:table-row">
              <td colSpan={7} className="block py-6 text-center text-stone-700 sm:table-cell">
                No orders match.
              </td>
            </tr>
          )}
          {list.rows.map((order) => (
            <tr
              key={order.id}
              data-testid="order-row"
              className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 border-b border-stone-200 py-3 sm:table-row sm:py-0"
            >
              <th scope="row" className={`${stackedCell} whitespace-nowrap font-medium`}>
                <Link href={staffOrderPath(order.number)} className={linkClass}>
                  {order.number}
                </Link>
              </th>
              <td className={`${stackedCell} col-span-2 row-start-3 whitespace-nowrap text-stone-700 sm:text-stone-900`}>
                {formatNairobiDateTime(order.createdAt)}
              </td>
              <td className={`${stackedCell} row-start-2 break-words`}>{order.fullName}</td>
              <td className={`${stackedCell} col-span-2 row-start-4`}>
                {order.pickupName ? `Pick up: ${order.pickupName}` : order.county}
              </td>
              <td className={`${stackedCell} col-start-2 row-start-2 whitespace-nowrap text-right font-medium sm:font-normal`}>
                {formatKsh(order.total)}
              </td>
              <td className={`${stackedCell} col-span-2 row-start-5`}>
                {order.payment
                  ? `${paymentMethodLabels[order.payment.method]} · ${paymentStatusLabels[order.payment.status]}`
                  : "None"}
              </td>
              <td className={`${stackedCell} col-start-2 row-start-1 justify-self-end`}>
                <OrderStatusBadge fulfilment={order.fulfilment} status={order.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A cell: a block in a phone's card (placed by the row's grid), a bordered table cell from sm up. */
const stackedCell = "block sm:table-cell sm:border-b sm:border-stone-200 sm:py-2 sm:pr-4 sm:align-top";
