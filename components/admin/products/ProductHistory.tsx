import { Card } from "@/components/admin/Card";
import type { ProductChange } from "@/lib/catalog/staff-products";
import { formatNairobiDateTime } from "@/lib/time/nairobi";

/** Every recorded change to a product, newest first: when, who, what. */
export function ProductHistory({ history }: { history: ProductChange[] }) {
  return (
    <Card id="product-history" title="History">
      {history.length === 0 ? (
        <p className="text-sm text-stone-700">No changes yet.</p>
      ) : (
        <ol className="flex flex-col gap-2 text-sm" data-testid="product-history">
          {history.map((entry) => (
            <li key={entry.id} className="border-b border-stone-200 pb-2">
              <span className="font-medium text-stone-900">{entry.change}</span>
              <span className="block text-stone-700">
                {formatNairobiDateTime(entry.at)} · {entry.actorLabel}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
