import Link from "next/link";
import { Card } from "@/components/admin/Card";
import { linkClass } from "@/components/admin/styles";
import { staffProductPath } from "@/lib/catalog/staff-products";
import type { FeedExclusion } from "@/lib/feeds/entries";

/** Which published products the shopping feeds (Google, Meta) leave out, and why. */
export function FeedStatus({ excluded }: { excluded: FeedExclusion[] }) {
  return (
    <Card id="feeds" title="Shopping feeds">
      <p className="text-sm text-stone-700">
        Google Merchant Center reads{" "}
        <a href="/feeds/google.xml" className={linkClass}>
          /feeds/google.xml
        </a>{" "}
        and Meta&apos;s catalog reads{" "}
        <a href="/feeds/meta.csv" className={linkClass}>
          /feeds/meta.csv
        </a>
        : every variant on sale of every published product.
      </p>
      {excluded.length === 0 ? (
        <p className="mt-2 text-sm text-stone-700">Every published product is in both feeds.</p>
      ) : (
        <>
          <p className="mt-2 text-sm font-medium text-stone-900">Missing from the feeds:</p>
          <ul className="mt-1 list-disc pl-5 text-sm" data-testid="feed-exclusions">
            {excluded.map((product) => (
              <li key={product.productId}>
                <Link href={staffProductPath(product.productId)} className={linkClass}>
                  {product.name}
                </Link>
                : {product.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
