import { Card } from "@/components/admin/Card";
import { ProductForm } from "@/components/admin/products/ProductForm";
import { backOfficeSections } from "@/lib/admin/sections";
import { listCategories } from "@/lib/catalog/category-queries";
import { newProductPath } from "@/lib/catalog/staff-products";
import { getDb } from "@/lib/server/database";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";
import { requireRole } from "@/lib/server/session";

export const generateMetadata = backOfficeMetadata("New product");

export default async function NewProductPage() {
  await requireRole(backOfficeSections.products, newProductPath);
  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-bold">New product</h1>
      <p className="text-stone-700">Save it as a draft to add photos before shoppers see it.</p>
      <Card id="product-details" title="Details">
        <ProductForm product={null} categories={await listCategories(await getDb())} />
      </Card>
    </div>
  );
}
