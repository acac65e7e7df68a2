import { ProductList } from "@/components/admin/products/ProductList";
import { backOfficeSections } from "@/lib/admin/sections";
import { listProductsForStaff, parseProductFilters, staffProductsHref } from "@/lib/catalog/staff-products";
import { getDb } from "@/lib/server/database";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";
import { requireRole } from "@/lib/server/session";

export const generateMetadata = backOfficeMetadata(backOfficeSections.products.label);

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ProductsPage({ searchParams }: Props) {
  const filters = parseProductFilters(await searchParams);
  await requireRole(backOfficeSections.products, staffProductsHref(filters));
  const list = await listProductsForStaff(await getDb(), filters);
  return <ProductList filters={filters} list={list} />;
}
