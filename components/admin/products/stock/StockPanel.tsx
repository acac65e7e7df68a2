import Link from "next/link";
import { notFound } from "next/navigation";
import { Card } from "@/components/admin/Card";
import { TableHead } from "@/components/admin/TableHead";
import { cellClass, linkClass, tableClass } from "@/components/admin/styles";
import { getDb } from "@/lib/server/database";
import { backInStockCopy } from "@/lib/stock/back-in-stock-copy";
import { findProductStock, variantStockPath } from "@/lib/stock/variants";
import { AdjustStockForm } from "./AdjustStockForm";

/** The product page's stock: each variant's level, a form to adjust it and a link to its history. */
export async function StockPanel({ productId }: { productId: number }) {
  const stock = await findProductStock(await getDb(), productId);
  if (!stock) notFound();
  return (
    <Card id="stock" title="Stock">
      <div className="overflow-x-auto">
        <table className={tableClass}>
          <caption className="sr-only">Stock of each variant of {stock.product.name}</caption>
          <TableHead columns={["Variant", "In stock", "Adjust", "History"]} right={["In stock"]} />
          <tbody>
            {stock.variants.map((variant) => (
              <tr key={variant.id}>
                <th scope="row" className={`${cellClass} font-medium`}>
                  {variant.label}
                  {variant.archived && <span className="block text-xs font-normal text-stone-700">Archived</span>}
                  <span className="block text-xs font-normal text-stone-700">{variant.sku}</span>
                  {variant.waiting > 0 && (
                    <span className="block text-xs font-normal text-amber-900" data-testid={`waiting-${variant.id}`}>
                      {backInStockCopy.staffWaiting(variant.waiting)}
                    </span>
                  )}
                </th>
                <td className={`${cellClass} text-right text-lg font-semibold`} data-testid={`stock-${variant.id}`}>
                  {variant.stock}
                </td>
                <td className={cellClass}>
                  <AdjustStockForm variantId={variant.id} variantLabel={variant.label} />
                </td>
                <td className={cellClass}>
                  <Link
                    href={variantStockPath(stock.product.id, variant.id)}
                    aria-label={`Stock history of ${variant.label}`}
                    className={linkClass}
                  >
                    History
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
