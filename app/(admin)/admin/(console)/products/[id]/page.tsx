import Link from "next/link";
import { notFound } from "next/navigation";
import { Card } from "@/components/admin/Card";
import { ProductForm } from "@/components/admin/products/ProductForm";
import { ProductHistory } from "@/components/admin/products/ProductHistory";
import { ProductPhotos } from "@/components/admin/products/photos/ProductPhotos";
import { ProductStatusBadge } from "@/components/admin/products/ProductStatusBadge";
import { StockPanel } from "@/components/admin/products/stock/StockPanel";
import { linkClass } from "@/components/admin/styles";
import { backOfficeSections } from "@/lib/admin/sections";
import { variantLabel } from "@/lib/core/variant-label";
import { listCategories } from "@/lib/catalog/category-queries";
import { findProductForStaff, parseProductId, staffProductPath, staffProductsHref } from "@/lib/catalog/staff-products";
import { getDb } from "@/lib/server/database";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";
import { requireRole } from "@/lib/server/session";

export const generateMetadata = backOfficeMetadata("Product");

type Props = { params: Promise<{ id: string }> };

/** One product for staff: its details and variants, photos, stock and history. Unknown ids are 'Not Found'. */
export default async function StaffProductPage({ params }: Props) {
  const { id } = await params;
  const productId = parseProductId(id);
  await requireRole(backOfficeSections.products, productId ? staffProductPath(productId) : staffProductsHref());
  const db = await getDb();
  const product = productId ? await findProductForStaff(db, productId) : null;
  if (!product) notFound();
  const categories = await listCategories(db);
  return (
    <div className="flex flex-col gap-5">
      <Link href={staffProductsHref()} className={`${linkClass} self-start text-sm`}>
        All products
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{product.name}</h1>
        <ProductStatusBadge status={product.status} testId="product-status" />
        {product.status === "published" && (
          // No prefetch: a render of the shop's page started now could outlast the next save.
          <Link href={`/products/${product.slug}`} prefetch={false} className={`${linkClass} text-sm`}>
            View in the shop
          </Link>
        )}
      </div>
      <Card id="product-details" title="Details">
        <ProductForm product={product} categories={categories} />
      </Card>
      <ProductPhotos productId={product.id} />
      <StockPanel productId={product.id} />
      {product.archivedVariants.length > 0 && (
        <Card id="archived-variants" title="Archived variants">
          <p className="mb-2 text-sm text-stone-700">Out of the shop; kept because past orders name them.</p>
          <ul className="list-inside list-disc text-sm">
            {product.archivedVariants.map((variant) => (
              <li key={variant.id}>{variantLabel(variant)}</li>
            ))}
          </ul>
        </Card>
      )}
      <ProductHistory history={product.history} />
    </div>
  );
}
