import { Badge } from "@/components/admin/Badge";
import { productStatusLabels } from "@/lib/catalog/product-input";
import type { ProductStatus } from "@/lib/catalog/product-status";

const tones: Record<ProductStatus, string> = {
  draft: "bg-amber-50 text-amber-900 ring-amber-200",
  published: "bg-green-50 text-green-900 ring-green-200",
  archived: "bg-stone-100 text-stone-800 ring-stone-300",
};

/** A product's status as a small label. */
export function ProductStatusBadge({ status, testId }: { status: ProductStatus; testId?: string }) {
  return (
    <Badge tone={tones[status]} testId={testId}>
      {productStatusLabels[status]}
    </Badge>
  );
}
