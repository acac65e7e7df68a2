import { notFound } from "next/navigation";
import { ProductPhotos } from "@/components/admin/products/photos/ProductPhotos";
import { backOfficeSections } from "@/lib/admin/sections";
import { parseId } from "@/lib/cart/rules";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";
import { requireRole } from "@/lib/server/session";

export const generateMetadata = backOfficeMetadata("Product");

type Props = { params: Promise<{ id: string }> };

// A minimal product page for the photos branch; the full edit page replaces it at merge.
export default async function StaffProductPage({ params }: Props) {
  const { id } = await params;
  await requireRole(backOfficeSections.products, `${backOfficeSections.products.path}/${id}`);
  const productId = parseId(id);
  if (productId === null) notFound();
  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-bold">Product {productId}</h1>
      <ProductPhotos productId={productId} />
    </div>
  );
}
