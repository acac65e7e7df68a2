import { OrderList } from "@/components/admin/orders/OrderList";
import { backOfficeSections } from "@/lib/admin/sections";
import { getDb } from "@/lib/server/database";
import { parseOrderFilters, staffOrdersHref } from "@/lib/orders/staff-filters";
import { listOrdersForStaff } from "@/lib/orders/staff-list";
import { requireRole } from "@/lib/server/session";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";

export const generateMetadata = backOfficeMetadata(backOfficeSections.orders.label);

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function OrdersPage({ searchParams }: Props) {
  const filters = parseOrderFilters(await searchParams);
  await requireRole(backOfficeSections.orders, staffOrdersHref(filters));
  const list = await listOrdersForStaff(await getDb(), filters);
  return <OrderList filters={filters} list={list} />;
}
