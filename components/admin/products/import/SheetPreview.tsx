import Link from "next/link";
import { Card } from "@/components/admin/Card";
import { TableHead } from "@/components/admin/TableHead";
import { cellClass, linkClass, tableClass } from "@/components/admin/styles";
import { FormMessage } from "@/components/ui/FormMessage";
import { formatKsh } from "@/lib/catalog/price";
import { productStatusLabels } from "@/lib/catalog/product-input";
import { changesSomething, type SheetPlan } from "@/lib/catalog/sheet-plan";
import { importPagePath, sheetMessages, stockChangeText } from "@/lib/catalog/sheet-rules";
import { nairobiTimestamp } from "@/lib/time/nairobi";
import { ApplySheetForm } from "./ApplySheetForm";
import { RefusedRows } from "./RefusedRows";

type StoredImport = {
  id: number;
  fileName: string;
  actorLabel: string;
  createdAt: Date;
  appliedAt: Date | null;
  plan: SheetPlan;
};

/**
 * A spreadsheet's preview: what it would change, variant by variant and product by product, and
 * every refused row. 'Apply' shows only when no row is refused and something would change.
 */
export function SheetPreview({ stored }: { stored: StoredImport }) {
  const { plan } = stored;
  const changes = plan.updates.length + plan.products.length + plan.newProducts.length + plan.newVariants.length;
  return (
    <div className="flex flex-col gap-5">
      <p className="text-stone-700" data-testid="sheet-summary">
        {stored.fileName}, previewed by {stored.actorLabel} at {nairobiTimestamp(stored.createdAt)}: {plan.rows} rows read,{" "}
        {plan.updates.length} variants changed, {plan.newVariants.length} new variants, {plan.newProducts.length} new products,{" "}
        {plan.products.length} products edited, {plan.refused.length} rows refused.
      </p>
      <Outcome stored={stored} changes={changes} />
      {plan.refused.length > 0 && (
        <Card id="refused" title="Refused rows">
          <RefusedRows rows={plan.refused} />
        </Card>
      )}
      {plan.updates.length > 0 && (
        <Card id="variant-changes" title="Variants that change">
          <table className={tableClass} aria-label="Variants that change">
            <TableHead columns={["Row", "SKU", "Product", "Variant", "Price", "Stock"]} right={["Row"]} />
            <tbody>
              {plan.updates.map((update) => (
                <tr key={update.sku}>
                  <td className={`${cellClass} text-right`}>{update.row}</td>
                  <td className={`${cellClass} break-all`}>{update.sku}</td>
                  <td className={cellClass}>{update.slug}</td>
                  <td className={cellClass}>{update.option ? `${update.option.from} → ${update.label}` : update.label}</td>
                  <td className={cellClass}>
                    {update.price ? `${formatKsh(update.price.from)} → ${formatKsh(update.price.to)}` : "unchanged"}
                  </td>
                  <td className={cellClass}>
                    {update.stock ? stockChangeText(update.stock.from, update.stock.to) : "unchanged"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      {plan.products.length > 0 && (
        <Card id="product-changes" title="Products that change">
          <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
            {plan.products.flatMap((product) =>
              product.changes.map((change) => <li key={`${product.slug}-${change}`}>{`${product.slug}: ${change}`}</li>),
            )}
          </ul>
        </Card>
      )}
      {plan.newProducts.length > 0 && (
        <Card id="new-products" title="New products (without photos)">
          <table className={tableClass} aria-label="New products">
            <TableHead columns={["Slug", "Name", "Category", "Status"]} />
            <tbody>
              {plan.newProducts.map((product) => (
                <tr key={product.slug}>
                  <td className={`${cellClass} break-all`}>{product.slug}</td>
                  <td className={cellClass}>{product.name}</td>
                  <td className={cellClass}>{product.category}</td>
                  <td className={cellClass}>{productStatusLabels[product.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      {plan.newVariants.length > 0 && (
        <Card id="new-variants" title="New variants">
          <table className={tableClass} aria-label="New variants">
            <TableHead columns={["Row", "SKU", "Product", "Variant", "Price", "Stock"]} right={["Row", "Stock"]} />
            <tbody>
              {plan.newVariants.map((variant) => (
                <tr key={variant.sku}>
                  <td className={`${cellClass} text-right`}>{variant.row}</td>
                  <td className={`${cellClass} break-all`}>{variant.sku}</td>
                  <td className={cellClass}>{variant.slug}</td>
                  <td className={cellClass}>{variant.label}</td>
                  <td className={cellClass}>{formatKsh(variant.price)}</td>
                  <td className={`${cellClass} text-right`}>{variant.stock}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
    </div>
  );
}

/** Applied, refused, nothing to do, or the 'Apply' button. */
function Outcome({ stored, changes }: { stored: StoredImport; changes: number }) {
  const again = (
    <Link href={importPagePath()} className={`${linkClass} ml-1`}>
      Upload a file
    </Link>
  );
  if (stored.appliedAt)
    return (
      <FormMessage ok message={`${sheetMessages.applied} (${nairobiTimestamp(stored.appliedAt)})`}>
        {again}
      </FormMessage>
    );
  if (stored.plan.refused.length > 0)
    return (
      <FormMessage
        message={`Nothing can change until every row is accepted: fix the ${stored.plan.refused.length} refused rows below in the file, then preview it again.`}
      >
        {again}
      </FormMessage>
    );
  if (!changesSomething(stored.plan)) return <FormMessage ok message={sheetMessages.nothingToChange} />;
  return <ApplySheetForm importId={stored.id} changes={changes} />;
}
