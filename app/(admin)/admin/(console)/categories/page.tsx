import { Card } from "@/components/admin/Card";
import { CategoryForm } from "@/components/admin/categories/CategoryForm";
import { CategoryTable } from "@/components/admin/categories/CategoryTable";
import { backOfficeSections } from "@/lib/admin/sections";
import { listStaffCategories } from "@/lib/catalog/category-queries";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";
import { getDb } from "@/lib/server/database";
import { requireRole } from "@/lib/server/session";

const section = backOfficeSections.categories;

export const generateMetadata = backOfficeMetadata(section.label);

/** The shop's categories for admins: their order, hide or show, delete while empty, and a new one. */
export default async function CategoriesPage() {
  await requireRole(section);
  const categories = await listStaffCategories(await getDb());
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">Categories</h1>
      <Card id="categories" title="In the shop's order">
        <CategoryTable categories={categories} path={section.path} />
      </Card>
      <Card id="new-category" title="New category">
        <CategoryForm category={null} />
      </Card>
    </div>
  );
}
