import { JsonLd } from "@/components/layout/JsonLd";
import { ShopLink } from "@/components/ui/ShopLink";
import { breadcrumbList, type Crumb } from "@/lib/catalog/structured-data";
import { site } from "@/lib/site";

/** Where the page sits in the shop, and the same steps as a BreadcrumbList; the last crumb is the current page. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-stone-700">
      <JsonLd data={breadcrumbList(crumbs, site.url)} />
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((crumb, index) => (
          <li key={crumb.label} className="flex items-center gap-1">
            {index > 0 ? <span aria-hidden="true">/</span> : null}
            {crumb.href ? (
              <ShopLink href={crumb.href} className="underline-offset-2 hover:underline">
                {crumb.label}
              </ShopLink>
            ) : (
              <span aria-current="page" className="font-medium text-stone-900">
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
