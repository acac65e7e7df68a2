import Link from "next/link";
import { Card } from "@/components/admin/Card";
import { cardClass, linkClass } from "@/components/admin/styles";
import { backOfficeSections } from "@/lib/admin/sections";
import type { StockMovementView } from "@/lib/stock/movements";
import { backInStockCopy } from "@/lib/stock/back-in-stock-copy";
import type { VariantStock } from "@/lib/stock/variants";
import { AdjustStockForm } from "./AdjustStockForm";
import { StockHistory } from "./StockHistory";

/** One variant's page: its stock now, the form to adjust it, and every change that led there. */
export function VariantStockDetails({
  product,
  variant,
  movements,
}: {
  product: { id: number; name: string };
  variant: VariantStock;
  movements: StockMovementView[];
}) {
  return (
    <div className="flex max-w-5xl flex-col gap-6">
      <div>
        <Link href={`${backOfficeSections.products.path}/${product.id}`} className={`${linkClass} text-sm`}>
          Back to {product.name}
        </Link>
        <h1 className="mt-2 text-2xl font-bold">
          {product.name}: {variant.label}
        </h1>
        <p className="text-stone-700">
          SKU {variant.sku}
          {variant.archived && " · Archived"}
          {variant.waiting > 0 && ` · ${backInStockCopy.staffWaiting(variant.waiting)}`}
        </p>
      </div>
      <section aria-labelledby="stock-now-title" className={cardClass}>
        <h2 id="stock-now-title" className="text-sm font-medium text-stone-700">
          In stock
        </h2>
        <p className="mb-4 text-3xl font-bold text-stone-900" data-testid="variant-stock">
          {variant.stock}
        </p>
        <AdjustStockForm variantId={variant.id} variantLabel={variant.label} />
      </section>
      <Card id="stock-history" title="Stock history">
        <StockHistory movements={movements} />
      </Card>
    </div>
  );
}
