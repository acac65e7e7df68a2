import { StockPanel } from "@/components/admin/products/stock/StockPanel";
import { backOfficeSections } from "@/lib/admin/sections";
import { parseId } from "@/lib/cart/rules";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";
import { requireRole } from "@/lib/server/session";
import { notFound } from "next/navigation";

export const generateMetadata = backOfficeMetadata("Product");

type Props = { params: Promise<{ id: string }> };

// A stand-in until the product edit page lands in main, which places <StockPanel> itself.
export default async function ProductPage({ params }: Props) {
  const { id } = await params;
  await requireRole(backOfficeSections.products, `${backOfficeSections.products.path}/${id}`);
  const productId = parseId(id);
  if (productId === null) notFound();
  return (
    <div className="flex max-w-5xl flex-col gap-6">
      <h1 className="text-2xl font-bold">Product</h1>
      <StockPanel productId={productId} />
    </div>
  );
}
