import Link from "next/link";
import { notFound } from "next/navigation";
import { Card } from "@/components/admin/Card";
import { CategoryForm } from "@/components/admin/categories/CategoryForm";
import { linkClass } from "@/components/admin/styles";
import { backOfficeSections } from "@/lib/admin/sections";
import { listStaffCategories } from "@/lib/catalog/category-queries";
import { parseId } from "@/lib/core/ids";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";
import { getDb } from "@/lib/server/database";
import { requireRole } from "@/lib/server/session";

const section = backOfficeSections.categories;

export const generateMetadata = backOfficeMetadata("Category");

type Props = { params: Promise<{ id: string }> };

/** One category's edit form for admins; unknown ids are 'Not Found'. */
export default async function CategoryPage({ params }: Props) {
  const id = parseId((await params).id);
  await requireRole(section, id ? `${section.path}/${id}` : section.path);
  const category = (await listStaffCategories(await getDb())).find((known) => known.id === id);
  if (!category) notFound();
  return (
    <div className="flex flex-col gap-5">
      <Link href={section.path} className={`${linkClass} self-start text-sm`}>
        All categories
      </Link>
      <h1 className="text-2xl font-bold">{category.name}</h1>
      <Card id="category-details" title="Details">
        <CategoryForm category={category} />
      </Card>
    </div>
  );
}
