import { FeedStatus } from "@/components/admin/products/FeedStatus";
import { ProductList } from "@/components/admin/products/ProductList";
import { backOfficeSections, catalogImportSection } from "@/lib/admin/sections";
import { hasAnyRole } from "@/lib/auth/roles";
import { listCategories } from "@/lib/catalog/category-queries";
import { listProductsForStaff, parseProductFilters, staffProductsHref } from "@/lib/catalog/staff-products";
import { feedEntries } from "@/lib/feeds/entries";
import { listFeedProducts } from "@/lib/feeds/feed-products";
import { getDb } from "@/lib/server/database";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";
import { requireRole } from "@/lib/server/session";
import { site } from "@/lib/site";

export const generateMetadata = backOfficeMetadata(backOfficeSections.products.label);

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ProductsPage({ searchParams }: Props) {
  const filters = parseProductFilters(await searchParams);
  const user = await requireRole(backOfficeSections.products, staffProductsHref(filters));
  const db = await getDb();
  const list = await listProductsForStaff(db, filters);
  const { excluded } = feedEntries(await listFeedProducts(db), site.url, "google");
  return (
    <div className="flex flex-col gap-6">
      <ProductList
        filters={filters}
        list={list}
        categories={await listCategories(db)}
        canImport={hasAnyRole(user.roles, catalogImportSection.roles)}
      />
      <FeedStatus excluded={excluded} />
    </div>
  );
}
